import Redis from 'ioredis';
import { createRedisClient } from '../../src/rate-limit/redis-client';
import { RedisThrottlerStorage } from '../../src/rate-limit/redis-throttler.storage';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-keys';

describe('RedisThrottlerStorage on a real Redis', () => {
  const prefix = uniqueKeyPrefix();
  const storages: RedisThrottlerStorage[] = [];

  async function connectedStorage(url = TEST_REDIS_URL): Promise<RedisThrottlerStorage> {
    const storage = new RedisThrottlerStorage(createRedisClient(url), prefix);
    storages.push(storage);
    await storage.connect();
    return storage;
  }

  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.close()));
    await deleteKeys(prefix);
  });

  it('counts concurrent hits from two clients exactly once each', async () => {
    const [first, second] = [await connectedStorage(), await connectedStorage()];
    const hits = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).increment('default:account:shared', 60_000, 60)),
    );
    expect(hits.map((record) => record.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(hits.filter((record) => record.isBlocked)).toHaveLength(40);
    expect(hits.every((record) => record.timeToExpire > 0 && record.timeToExpire <= 60)).toBe(true);
  });

  it('starts a fresh window once the old one has expired', async () => {
    const storage = await connectedStorage();
    await storage.increment('default:ip:192.0.2.1', 300, 1);
    expect(await storage.increment('default:ip:192.0.2.1', 300, 1)).toMatchObject({ totalHits: 2, isBlocked: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await storage.increment('default:ip:192.0.2.1', 300, 1)).toMatchObject({ totalHits: 1, isBlocked: false });
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
    const storage = await connectedStorage('redis://127.0.0.1:6390');
    const started = Date.now();
    await expect(storage.increment('default:account:x', 60_000, 60)).rejects.toThrow(/Redis is not connected.*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
