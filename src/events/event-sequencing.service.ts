import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventStore } from './domain/event-store';

const BATCH = 2_000;
/**
 * While committed events wait for an older transaction to end, or another instance holds the sequencer: look again
 * this soon, doubling (up to MAX_RETRY_MS) while passes number nothing, so a long transaction elsewhere costs few passes.
 */
const RETRY_MS = 5;
const MAX_RETRY_MS = 100;

/**
 * Numbers appended events (docs/events.md): woken by NOTIFY events_appended when a writer commits, and every
 * EVENT_POLL_MS in case a notification was lost. One pass at a time per instance, one instance at a time (an
 * advisory lock); a pass that leaves events waiting for an older transaction runs again shortly.
 */
@Injectable()
export class EventSequencing implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventSequencing');
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.eventPollMs);
    this.timer.unref();
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Something was appended (or may have been): number it soon. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /**
   * Numbers everything committed so far (for tests): resolves once nothing waits, or after `timeoutMs` (a writing
   * transaction elsewhere in the cluster can hold numbering back as long as it runs).
   */
  async drain(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await this.running;
      const pass = await this.store.sequencePending(BATCH);
      if (!pass.busy && !pass.waiting) return;
      await sleep(RETRY_MS);
    }
  }

  private async run(): Promise<void> {
    let pause = RETRY_MS;
    try {
      do {
        this.again = false;
        const pass = await this.store.sequencePending(BATCH);
        pause = pass.numbered > 0 ? RETRY_MS : Math.min(pause * 2, MAX_RETRY_MS);
        if (pass.busy || (pass.waiting && pass.numbered < BATCH)) await sleep(pause);
        if (pass.busy || pass.waiting) this.again = true;
      } while (this.again && !this.stopped);
    } catch (error) {
      this.logger.warn(`could not number new events: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
