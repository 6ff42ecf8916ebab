import { DomainError } from '../../kernel/domain-error';

/** The client's address (or the instance as a whole) already holds the most viewer streams it may (429 `viewer_streams_exceeded`). */
export class TooManyViewerStreamsError extends DomainError {
  readonly retryAfterSeconds = 15;

  constructor(scope: 'address' | 'instance', limit: number) {
    super(
      'viewer_streams_exceeded',
      scope === 'address'
        ? `Your address already has ${limit} live viewer streams open. Close one (a page or tab that follows a share link), then retry.`
        : `This server already holds its ${limit} live viewer streams. Retry later; the page itself works without its live stream.`,
      { scope, limit },
    );
  }
}

/**
 * Open viewer streams on this instance, counted per client address and in all: each holds a socket (a file
 * descriptor) for as long as its viewer stays, so the public streams get a bound of their own, per address and
 * overall, where the API's are bounded per account.
 */
export class StreamSlots {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perAddress: number; perInstance: number }) {}

  /** Takes a slot for `address`, or throws TooManyViewerStreamsError. Returns its release, which does something once only. */
  take(address: string): () => void {
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.limits.perAddress) throw new TooManyViewerStreamsError('address', this.limits.perAddress);
    if (this.total >= this.limits.perInstance) throw new TooManyViewerStreamsError('instance', this.limits.perInstance);
    this.byAddress.set(address, held + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left === 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    };
  }

  /** Open streams: of one address, or in all. */
  open(address?: string): number {
    return address === undefined ? this.total : (this.byAddress.get(address) ?? 0);
  }
}
