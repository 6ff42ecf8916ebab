import type { ServerResponse } from 'node:http';
import { StreamSink } from '../domain/stream-access';

/** An HTTP response as a stream's sink: its buffer is the response's writable buffer. */
export class ResponseSink implements StreamSink {
  private closed = false;
  private readonly closeListeners: (() => void)[] = [];

  constructor(private readonly response: ServerResponse) {
    response.on('close', () => {
      this.closed = true;
      for (const listener of this.closeListeners.splice(0)) listener();
    });
  }

  get buffered(): number {
    return this.response.writableLength;
  }

  write(chunk: string | Buffer): void {
    if (!this.closed) this.response.write(chunk);
  }

  drained(timeoutMs: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.response.writableLength === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (drained: boolean) => {
        clearTimeout(timer);
        this.response.off('drain', onDrain);
        this.response.off('close', onClose);
        resolve(drained);
      };
      const onDrain = () => finish(true);
      const onClose = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.response.on('drain', onDrain);
      this.response.on('close', onClose);
    });
  }

  /** Ends the response; one whose client is not reading (its buffer still full) is cut instead, freeing the buffer. */
  end(): void {
    if (this.closed) return;
    if (this.response.writableLength > 0) {
      this.response.destroy();
      return;
    }
    this.response.end();
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }
}
