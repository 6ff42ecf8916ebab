import type { ThrottlerStorage } from '@nestjs/throttler';
import { slidingLogRecord, ThrottlerStorageRecord } from './sliding-window';

/** The times of one caller's admitted requests, oldest first; `start` skips those already out of the window. */
interface Log {
  times: number[];
  start: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * An exact sliding log in this process: the default without Redis, and the
 * fallback while Redis is unreachable. Same semantics as the Redis adapter, so
 * the headers mean the same thing whichever storage answered. A log holds at
 * most `limit` live times per caller; times that left the window are dropped in batches.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly logs = new Map<string, Log>();
  private nextSweepAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.nextSweepAt = now() + SWEEP_INTERVAL_MS;
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    this.sweepExpired(now, ttl);
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], start: 0 };
      this.logs.set(key, log);
    }
    const { times } = log;
    // A time t is in the window while t > now - ttl.
    while (log.start < times.length && times[log.start] <= now - ttl) log.start++;
    if (log.start > 64 && log.start * 2 > times.length) {
      times.splice(0, log.start);
      log.start = 0;
    }
    const blocked = times.length - log.start >= limit;
    if (!blocked) times.push(now);
    return slidingLogRecord(times.length - log.start, times[log.start] + ttl - now, blocked);
  }

  /** Swept on use rather than by a timer, so nothing keeps the process (or jest) alive. */
  private sweepExpired(now: number, ttl: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, log] of this.logs) if (log.times[log.times.length - 1] <= now - ttl) this.logs.delete(key);
  }
}
