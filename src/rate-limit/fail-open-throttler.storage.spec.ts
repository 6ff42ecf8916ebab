import { Logger } from '@nestjs/common';
import { FailOpenThrottlerStorage, SharedThrottlerStorage } from './fail-open-throttler.storage';
import { MemoryThrottlerStorage } from './memory-throttler.storage';

/** A shared storage that can be switched off, like a Redis that goes away. */
class SwitchableStorage extends MemoryThrottlerStorage implements SharedThrottlerStorage {
  up = true;
  calls = 0;
  closed = false;

  override async increment(key: string, ttl: number, limit: number) {
    this.calls += 1;
    if (!this.up) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    return super.increment(key, ttl, limit);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

describe('FailOpenThrottlerStorage', () => {
  let now: number;
  let shared: SwitchableStorage;
  let storage: FailOpenThrottlerStorage;
  let warn: jest.SpyInstance;
  let countedLocally: number;
  const hit = () => storage.increment('default:account:a', 60_000, 2, 60_000, 'default');

  beforeEach(() => {
    now = 0;
    countedLocally = 0;
    shared = new SwitchableStorage(() => now);
    storage = new FailOpenThrottlerStorage(shared, new MemoryThrottlerStorage(() => now), {
      retryAfterMs: 5_000,
      warnEveryMs: 60_000,
      now: () => now,
      onCountedLocally: () => (countedLocally += 1),
    });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('keeps serving and keeps limiting per instance while the shared storage is down', async () => {
    shared.up = false;
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: true });
    expect(countedLocally).toBe(3);
  });

  it('asks the shared storage again only after a pause, so a hung server is not waited on per request', async () => {
    shared.up = false;
    await hit();
    await hit();
    expect(shared.calls).toBe(1);
    now += 5_000;
    shared.up = true;
    expect(await hit()).toMatchObject({ totalHits: 1 });
    expect(shared.calls).toBe(2);
    expect(countedLocally).toBe(2);
  });

  it('warns once per interval while the outage lasts, and again for a new outage', async () => {
    shared.up = false;
    for (let i = 0; i < 3; i++, now += 5_000) await hit();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('ECONNREFUSED');
    now += 60_000;
    await hit();
    expect(warn).toHaveBeenCalledTimes(2);
    shared.up = true;
    now += 5_000;
    await hit();
    shared.up = false;
    now += 5_000;
    await hit();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('closes the shared storage on shutdown', async () => {
    await storage.onApplicationShutdown();
    expect(shared.closed).toBe(true);
  });
});
