/**
 * A task's output in parts as it computes (a generator's yields), read by the caller while the task goes on: a start
 * inserts its first matches while the worker still builds the rest. Chunks not yet read wait here in order.
 */
export interface ChunkedRun<Chunk, Result> {
  chunks: AsyncIterable<Chunk>;
  /** What the task returned; it rejects like `chunks` when the task fails. */
  result: Promise<Result>;
}

/** The part of a chunked run its producer drives: each chunk as it comes, then the end or the failure. */
export class ChunkQueue<Chunk, Result> implements ChunkedRun<Chunk, Result> {
  readonly result: Promise<Result>;
  private readonly waiting: Chunk[] = [];
  private ended: { error: unknown } | { done: true } | undefined;
  private abandoned = false;
  private wake: (() => void) | undefined;
  private settle!: { resolve(value: Result): void; reject(error: unknown): void };

  constructor() {
    this.result = new Promise<Result>((resolve, reject) => (this.settle = { resolve, reject }));
    // A caller that stops at a failed chunk never awaits the result: its rejection is not an unhandled one.
    this.result.catch(() => undefined);
  }

  push(chunk: Chunk): void {
    if (this.abandoned || this.ended) return;
    this.waiting.push(chunk);
    this.notify();
  }

  finish(result: Result): void {
    if (this.ended) return;
    this.ended = { done: true };
    this.settle.resolve(result);
    this.notify();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = { error };
    this.settle.reject(error);
    this.notify();
  }

  get chunks(): AsyncIterable<Chunk> {
    return { [Symbol.asyncIterator]: () => this.reader() };
  }

  private async *reader(): AsyncGenerator<Chunk> {
    try {
      for (;;) {
        if (this.waiting.length > 0) {
          yield this.waiting.shift()!;
          continue;
        }
        if (this.ended) {
          if ('error' in this.ended) throw this.ended.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      // A reader that stops early (its own failure) drops what is left; the task itself still runs to its end.
      this.abandoned = true;
      this.waiting.length = 0;
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
