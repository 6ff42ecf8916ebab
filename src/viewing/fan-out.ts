import { LiveViewer, SseFrame } from './viewer-socket';

interface Delivery {
  frame: SseFrame;
  /** Who gets it: the viewers following when it was sent (one who arrives later starts from the newer state). */
  viewers: LiveViewer[];
  /** The stream ends after this frame. */
  last: boolean;
}

/**
 * Sends frames to many viewers of one share link: each frame to every viewer in turn, synchronously, the frames in
 * the order they were sent (no viewer gets one before the one sent ahead of it), without a promise or timer per viewer.
 * One pass over 5 000 sockets takes longer than the event loop may stop (50 ms on this service), so the pass goes on
 * in the next turn (setImmediate) after every `sliceMs`: requests and the database get their turn in between.
 */
export class FanOut {
  private readonly queue: Delivery[] = [];
  /** The next viewer of the queue's head to write to. */
  private next = 0;
  /** A pass is running or waits for its next turn: a frame sent meanwhile joins its queue. */
  private busy = false;

  constructor(
    private readonly sliceMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Queues `frame` for each of `viewers` (taken now); the stream ends after it when `last`. */
  send(viewers: Iterable<LiveViewer>, frame: SseFrame, last = false): void {
    const list = [...viewers];
    if (list.length === 0) return;
    this.queue.push({ frame, viewers: list, last });
    if (!this.busy) this.run();
  }

  /** Frames not yet written to every one of their viewers. */
  get pending(): number {
    return this.queue.length;
  }

  private run(): void {
    this.busy = true;
    const until = this.clock() + this.sliceMs;
    while (this.queue.length > 0) {
      const { frame, viewers, last } = this.queue[0];
      while (this.next < viewers.length) {
        const viewer = viewers[this.next++];
        if (last) viewer.end(frame);
        else viewer.write(frame);
        // The clock is read every 32 writes: a write takes microseconds, the clock a fraction of that.
        if ((this.next & 31) === 0 && this.clock() >= until && this.next < viewers.length) return this.later();
      }
      this.queue.shift();
      this.next = 0;
      if (this.queue.length > 0 && this.clock() >= until) return this.later();
    }
    this.busy = false;
  }

  private later(): void {
    setImmediate(() => this.run());
  }
}
