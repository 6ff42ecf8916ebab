import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventStore } from './domain/event-store';

const SWEEP_EVERY_MS = 60_000;
/** Small batches, each its own short transaction: writers append meanwhile (the sweep locks nothing they need). */
const BATCH = 500;
const DAY_MS = 86_400_000;

/** Deletes events older than EVENTS_RETENTION_DAYS, a batch at a time, once a minute on every instance. */
@Injectable()
export class EventRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRetention');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepNow().catch((error: unknown) => this.logger.warn(`event retention sweep failed: ${String(error)}`)), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Sweeps until no expired event is left (or shutdown begins); returns how many were deleted. */
  sweepNow(now = new Date()): Promise<number> {
    this.running ??= this.sweep(new Date(now.getTime() - this.config.eventsRetentionDays * DAY_MS)).finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweep(before: Date): Promise<number> {
    let total = 0;
    while (!this.stopped) {
      const deleted = await this.store.sweep(before, BATCH);
      total += deleted;
      if (deleted === 0) break;
    }
    return total;
  }
}
