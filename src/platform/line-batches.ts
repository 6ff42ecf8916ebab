import type { DestinationStream } from 'pino';

/** What LineBatches needs of the destination behind it (sonic-boom, as pino.destination makes it). */
export interface LineSink {
  write(data: string): unknown;
  flush(callback?: (error?: Error) => unknown): void;
  flushSync(): void;
  end(): void;
}

/**
 * The server's log lines, gathered and handed to the destination as one string per batch: once `batchChars`
 * characters are waiting or `flushMs` after the first, whichever comes first.
 * sonic-boom can batch by itself (`minLength`), but it appends each line to the string it holds and then asks that
 * string's byte length, which copies it flat on every line. Here a batch is joined once.
 * Lines still waiting are passed on and written synchronously when the process exits.
 */
export class LineBatches implements DestinationStream {
  private lines: string[] = [];
  private waitingChars = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly batchChars: number,
    private readonly flushMs: number,
  ) {
    // Only when lines are waiting: the destination flushes its own buffer at exit, and may have ended already
    // (pino ends it on 'beforeExit'), when flushing it again would throw.
    process.once('exit', () => {
      if (this.lines.length > 0) this.flushSync();
    });
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.waitingChars += line.length;
    if (this.waitingChars >= this.batchChars) this.pass();
    else this.timer ??= setTimeout(() => this.pass(), this.flushMs).unref();
    return true;
  }

  /** pino's `logger.flush()`. */
  flush(callback?: (error?: Error) => unknown): void {
    this.pass();
    this.sink.flush(callback);
  }

  flushSync(): void {
    this.pass();
    this.sink.flushSync();
  }

  end(): void {
    this.pass();
    this.sink.end();
  }

  private pass(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.waitingChars = 0;
    this.sink.write(batch);
  }
}
