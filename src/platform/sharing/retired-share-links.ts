import { Injectable } from '@nestjs/common';

/**
 * A share link retired by a committed write (its tournament or league made private, its link rotated, or the row
 * deleted). The writer awaits `retired` before answering: the module that serves share links binds what makes the
 * link dead on every instance by then (the viewing module: its cache, across instances). It binds at start, since
 * it depends on the modules whose writes call this; unbound (those modules' own specs), nothing waits.
 */
@Injectable()
export class RetiredShareLinks {
  private barrier?: (shareIds: string[]) => Promise<void>;

  bind(barrier: (shareIds: string[]) => Promise<void>): void {
    if (this.barrier) throw new Error('The share-link barrier is already bound');
    this.barrier = barrier;
  }

  /** Resolves once none of these links (nulls and unchanged ones left out by the caller) is served anywhere. */
  async retired(...shareIds: (string | null | undefined)[]): Promise<void> {
    const retired = shareIds.filter((shareId): shareId is string => typeof shareId === 'string');
    if (retired.length > 0 && this.barrier) await this.barrier(retired);
  }
}
