import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { WakeableLoop } from '../platform/concurrency/wakeable-loop';
import { EventStore, SequencingPass } from './domain/event-store';
import { EventStreams } from './event-streams.service';

const BATCH = 2_000;
/**
 * While another instance holds the sequencer: look again this soon, doubling (up to MAX_RETRY_MS) while passes
 * number nothing, so a sequencer busy elsewhere costs few passes.
 */
const RETRY_MS = 5;
const MAX_RETRY_MS = 100;

/**
 * Numbers appended events (docs/events.md): woken by NOTIFY events_appended when a writer commits, and every
 * EVENT_POLL_MS in case a notification was lost. One pass at a time per instance, one instance at a time (an
 * advisory lock); a full batch runs again at once, a pass refused the lock again shortly. What a pass
 * numbers for accounts with streams open here goes straight to them: reading it back would cost the streams a
 * round trip and a turn of the shared connection on every event.
 */
@Injectable()
export class EventSequencing implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventSequencing');
  private readonly loop: WakeableLoop;
  private pause = RETRY_MS;

  constructor(
    private readonly store: EventStore,
    config: AppConfig,
    private readonly streams: EventStreams,
  ) {
    this.loop = new WakeableLoop(() => this.pass(), {
      pollMs: config.eventPollMs,
      onError: (error) => this.logger.warn(`could not number new events: ${error instanceof Error ? error.message : String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start(() => this.wake());
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  /** Something was appended (or may have been): number it soon. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Numbers everything committed so far (for tests): resolves once nothing waits, or after `timeoutMs` (another
   * instance may hold the sequencer).
   */
  async drain(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await this.loop.idle();
      const pass = await this.numberBatch();
      if (!pass.busy && !pass.waiting) return;
      await sleep(RETRY_MS);
    }
  }

  /** One batch; true when events still wait (past a full batch, or for the instance holding the sequencer). */
  private async pass(): Promise<boolean> {
    const pass = await this.numberBatch();
    if (!pass.busy && !pass.waiting) {
      this.pause = RETRY_MS; // the next wake-up starts a fresh run
      return false;
    }
    this.pause = pass.numbered > 0 ? RETRY_MS : Math.min(this.pause * 2, MAX_RETRY_MS);
    if (pass.busy || pass.numbered < BATCH) await sleep(this.pause);
    return true;
  }

  private async numberBatch(): Promise<SequencingPass> {
    const pass = await this.store.sequencePending(BATCH, this.streams.accountsFollowed());
    if (pass.handedOver.length > 0) this.streams.numbered(pass.handedOver);
    return pass;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
