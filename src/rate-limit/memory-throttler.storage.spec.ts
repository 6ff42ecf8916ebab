import { MemoryThrottlerStorage } from './memory-throttler.storage';

describe('MemoryThrottlerStorage (fixed one-minute window)', () => {
  let now: number;
  let storage: MemoryThrottlerStorage;
  const hit = (key = 'default:account:a') => storage.increment(key, 60_000, 3);

  beforeEach(() => {
    now = 1_000_000;
    storage = new MemoryThrottlerStorage(() => now);
  });

  it('allows the limit, then blocks until the window that began with the first hit resets', async () => {
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    now += 20_500;
    await hit();
    expect(await hit()).toMatchObject({ totalHits: 3, timeToExpire: 40, isBlocked: false });
    expect(await hit()).toEqual({ totalHits: 4, timeToExpire: 40, isBlocked: true, timeToBlockExpire: 40 });
    now += 39_499;
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    now += 1;
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('keeps one budget per key', async () => {
    for (let i = 0; i < 4; i++) await hit('default:ip:192.0.2.1');
    expect(await hit('default:ip:192.0.2.2')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('forgets expired windows, so idle callers do not accumulate', async () => {
    await hit('default:ip:192.0.2.1');
    now += 61_000;
    await hit('default:ip:192.0.2.2');
    expect((storage as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
