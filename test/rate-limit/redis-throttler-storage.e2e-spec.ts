import Redis from 'ioredis';
import { createRedisClient, REDIS_COMMAND_TIMEOUT_MS } from '../../src/rate-limit/redis-client';
import { RedisThrottlerStorage } from '../../src/rate-limit/redis-throttler.storage';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-keys';

describe('RedisThrottlerStorage on a real Redis', () => {
  const prefix = uniqueKeyPrefix();
  const storages: RedisThrottlerStorage[] = [];

  // These tests are about what Redis counts, not how fast: on a loaded CI machine 100 concurrent
  // hits can take longer than the production command timeout, which only the last test is about.
  async function connectedStorage(url = TEST_REDIS_URL, commandTimeoutMs = 5_000): Promise<RedisThrottlerStorage> {
    const storage = new RedisThrottlerStorage(createRedisClient(url, commandTimeoutMs), prefix);
    storages.push(storage);
    await storage.connect();
    return storage;
  }

  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.close()));
    await deleteKeys(prefix);
  });

  it('admits exactly the limit among concurrent hits from two clients, each counted once', async () => {
    const [first, second] = [await connectedStorage(), await connectedStorage()];
    const hits = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).increment('default:account:shared', 60_000, 60)),
    );
    const admitted = hits.filter((record) => !record.isBlocked);
    expect(admitted.map((record) => record.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(hits.filter((record) => record.isBlocked).every((record) => record.totalHits === 60 && record.timeToBlockExpire > 0)).toBe(true);
    expect(hits.every((record) => record.timeToExpire > 0 && record.timeToExpire <= 60)).toBe(true);
  });

  it('admits again exactly when the oldest admitted request has left the window, not a whole window later', async () => {
    const storage = await connectedStorage();
    const key = 'default:ip:192.0.2.1';
    expect(await storage.increment(key, 600, 2)).toMatchObject({ totalHits: 1, isBlocked: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storage.increment(key, 600, 2)).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await storage.increment(key, 600, 2)).toMatchObject({ totalHits: 2, isBlocked: true });
    await new Promise((resolve) => setTimeout(resolve, 350));
    // The first has left (650 ms > 600 ms), the second has not: one slot, then refused again.
    expect(await storage.increment(key, 600, 2)).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await storage.increment(key, 600, 2)).toMatchObject({ isBlocked: true });
  });

  it('never admits more than the limit in any window-long span (the boundary a fixed window breaks)', async () => {
    const storage = await connectedStorage();
    const windowMs = 1_000;
    const limit = 20;
    const admittedAt: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 2_500) {
      const record = await storage.increment('default:account:boundary', windowMs, limit);
      if (!record.isBlocked) admittedAt.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Measured on the client, so allow the round trip (a few ms) of slack.
    for (let i = 0; i + limit < admittedAt.length; i++) expect(admittedAt[i + limit] - admittedAt[i]).toBeGreaterThanOrEqual(windowMs - 20);
    expect(admittedAt.length).toBeGreaterThanOrEqual(2 * limit);
  });

  it('keeps counters under its prefix, each with an expiry', async () => {
    const storage = await connectedStorage();
    await storage.increment('default:account:ttl-check', 60_000, 60);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ttl = await redis.pttl(`${prefix}default:account:ttl-check`);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      // A counter that lost its expiry somehow gets one back on the next hit.
      await redis.persist(`${prefix}default:account:ttl-check`);
      await storage.increment('default:account:ttl-check', 60_000, 60);
      expect(await redis.pttl(`${prefix}default:account:ttl-check`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('fails fast, without hanging, when Redis is unreachable', async () => {
    const storage = await connectedStorage('redis://127.0.0.1:6390', REDIS_COMMAND_TIMEOUT_MS);
    const started = Date.now();
    await expect(storage.increment('default:account:x', 60_000, 60)).rejects.toThrow(/Redis is not connected.*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
