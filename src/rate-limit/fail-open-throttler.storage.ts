import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from './sliding-window';

/** The shared storage as this decorator needs it: counting, and letting go of its connection. */
export interface SharedThrottlerStorage extends ThrottlerStorage {
  close(): Promise<void>;
}

export interface FailOpenOptions {
  /** After a failure, count locally this long before asking the shared storage again (spares a hung Redis). */
  retryAfterMs: number;
  /** At most one warning per this interval while the outage lasts. */
  warnEveryMs: number;
  now?: () => number;
  /** Called for each request counted locally (the metric behind the runbook's "Redis is down"). */
  onCountedLocally?: () => void;
}

const DEFAULTS: FailOpenOptions = { retryAfterMs: 5_000, warnEveryMs: 60_000 };

/**
 * Counts in the shared storage (Redis) and, while it cannot answer, in this
 * process's memory instead. A Redis outage never refuses or slows a request:
 * the limit is a fairness measure, not a security boundary, so availability
 * wins. Counting locally rather than not at all keeps each instance limiting
 * its own traffic (token guessing included) until Redis is back.
 */
export class FailOpenThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly options: Required<FailOpenOptions>;
  private sharedUnavailableUntil = 0;
  private outageSince: number | undefined;
  private lastWarningAt: number | undefined;
  private requestsCountedLocally = 0;

  constructor(
    private readonly shared: SharedThrottlerStorage,
    private readonly local: ThrottlerStorage,
    options: Partial<FailOpenOptions> = {},
  ) {
    this.options = { now: Date.now, ...DEFAULTS, ...options, onCountedLocally: options.onCountedLocally ?? (() => undefined) };
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, name: string): Promise<ThrottlerStorageRecord> {
    const now = this.options.now();
    if (now >= this.sharedUnavailableUntil) {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, name);
        this.recovered();
        return record;
      } catch (error) {
        this.failed(error, now);
      }
    }
    this.requestsCountedLocally += 1;
    this.options.onCountedLocally();
    return this.local.increment(key, ttl, limit, blockDuration, name);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.shared.close();
  }

  private failed(error: unknown, now: number): void {
    this.sharedUnavailableUntil = now + this.options.retryAfterMs;
    this.outageSince ??= now;
    if (this.lastWarningAt !== undefined && now - this.lastWarningAt < this.options.warnEveryMs) return;
    this.lastWarningAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    const counted = this.requestsCountedLocally ? ` (${this.requestsCountedLocally} requests so far)` : '';
    this.logger.warn(
      `Shared rate-limit storage unavailable since ${new Date(this.outageSince).toISOString()} (${reason}); ` +
        `counting per instance until it is back${counted}.`,
    );
  }

  private recovered(): void {
    if (this.outageSince === undefined) return;
    this.logger.log(`Shared rate-limit storage is back after ${this.requestsCountedLocally} requests counted per instance.`);
    this.outageSince = undefined;
    this.lastWarningAt = undefined;
    this.requestsCountedLocally = 0;
  }
}
