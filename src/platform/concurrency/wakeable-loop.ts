/**
 * Runs `pass` in the background, one at a time: when woken (a NOTIFY hint, a local write) and every `pollMs` in
 * case a hint was lost. A wake during a pass runs one more pass right after it, however many wakes came, so no
 * hint is missed and none costs a pass of its own. A pass that resolves `true` knows more work waits and runs
 * again at once. A failed pass is reported to `onError` and ends that run only: the next wake or poll starts anew.
 */
export class WakeableLoop {
  private running: Promise<void> | undefined;
  private lastStart = -Infinity;
  private again = false;
  private isStopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pass: () => Promise<boolean | void>,
    private readonly options: {
      pollMs: number;
      onError: (error: unknown) => void;
      /**
       * Passes start at least this far apart: under a stream of wake-ups, one pass then covers everything that came
       * in the meantime instead of a pass (and its round trips) per wake-up. 0: a wake-up runs a pass at once.
       */
      settleMs?: number;
    },
  ) {}

  /**
   * Starts polling and runs a first pass, both through `wake`: the owner passes its own wake(), so a poll is a
   * wake-up like any other and whatever stands in for the owner's wake() sees the polls too.
   */
  start(wake: () => void = () => this.wake()): void {
    if (this.isStopped) return;
    this.timer = setInterval(wake, this.options.pollMs);
    this.timer.unref();
    wake();
  }

  /** Work may be waiting: run a pass soon (after the running one, if any). */
  wake(): void {
    if (this.isStopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** True once stop() was called: a long pass checks it to end early. */
  get stopped(): boolean {
    return this.isStopped;
  }

  /** Resolves when no pass is running (at once if none is). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** No more passes start; resolves once the running one has ended. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      do {
        const wait = this.lastStart + (this.options.settleMs ?? 0) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (this.isStopped) return;
        this.again = false;
        this.lastStart = Date.now();
        if (await this.pass()) this.again = true;
      } while (this.again && !this.isStopped);
    } catch (error) {
      this.options.onError(error);
    }
  }
}
