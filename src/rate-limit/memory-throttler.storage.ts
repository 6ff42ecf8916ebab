import type { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRecord, windowRecord } from './fixed-window';

interface Window {
  hits: number;
  resetsAt: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed-window counters in this process: the default without Redis, and the
 * fallback while Redis is unreachable. Same semantics as the Redis adapter
 * (the library's in-memory storage uses a sliding log instead), so the headers
 * mean the same thing whichever storage answered.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.nextSweepAt = now() + SWEEP_INTERVAL_MS;
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    this.sweepExpired(now);
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { hits: 0, resetsAt: now + ttl };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return windowRecord(window.hits, window.resetsAt - now, limit);
  }

  /** Swept on use rather than by a timer, so nothing keeps the process (or jest) alive. */
  private sweepExpired(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
