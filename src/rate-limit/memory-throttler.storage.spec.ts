import { MemoryThrottlerStorage } from './memory-throttler.storage';

describe('MemoryThrottlerStorage (exact sliding log)', () => {
  let now: number;
  let storage: MemoryThrottlerStorage;
  const hit = (key = 'default:account:a', limit = 3) => storage.increment(key, 60_000, limit);

  beforeEach(() => {
    now = 1_000_000;
    storage = new MemoryThrottlerStorage(() => now);
  });

  it('admits the limit, then refuses until the oldest admitted request leaves the window', async () => {
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    now += 20_500;
    await hit();
    expect(await hit()).toMatchObject({ totalHits: 3, timeToExpire: 40, isBlocked: false });
    expect(await hit()).toEqual({ totalHits: 3, timeToExpire: 40, isBlocked: true, timeToBlockExpire: 40 });
    now += 39_499;
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });
    now += 1;
    // Only the first request has left: one slot is free, and the next refusal waits for the second (20.5 s later).
    expect(await hit()).toEqual({ totalHits: 3, timeToExpire: 21, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 21 });
  });

  it('does not log refused requests, so retrying does not push the next admission back', async () => {
    await hit();
    await hit();
    await hit();
    for (let i = 0; i < 10; i++, now += 1_000) expect(await hit()).toMatchObject({ isBlocked: true });
    now = 1_000_000 + 60_000;
    expect(await hit()).toMatchObject({ isBlocked: false, totalHits: 1 });
  });

  it('never admits more than the limit in any window-long span, whatever the arrival pattern', async () => {
    const limit = 60;
    const admittedAt: number[] = [];
    // Bursts around where a fixed window would reset, and a steady trickle in between.
    const arrivals = [...Array.from({ length: 200 }, (_, i) => 59_000 + i * 10), ...Array.from({ length: 300 }, (_, i) => 61_000 + i * 400)];
    for (const at of arrivals) {
      now = 1_000_000 + at;
      if (!(await hit('default:account:burst', limit)).isBlocked) admittedAt.push(now);
    }
    for (let i = 0; i + limit < admittedAt.length; i++) expect(admittedAt[i + limit] - admittedAt[i]).toBeGreaterThanOrEqual(60_000);
    expect(admittedAt.length).toBeGreaterThan(limit);
  });

  it('keeps one budget per key', async () => {
    for (let i = 0; i < 4; i++) await hit('default:ip:192.0.2.1');
    expect(await hit('default:ip:192.0.2.2')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('forgets logs whose every entry has left the window, so idle callers do not accumulate', async () => {
    await hit('default:ip:192.0.2.1');
    now += 61_000;
    await hit('default:ip:192.0.2.2');
    expect((storage as unknown as { logs: Map<string, unknown> }).logs.size).toBe(1);
  });
});
