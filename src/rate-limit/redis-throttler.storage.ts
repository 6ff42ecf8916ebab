import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis, Result } from 'ioredis';
import { slidingLogRecord, ThrottlerStorageRecord } from './sliding-window';

/**
 * One atomic step of a sliding log in a sorted set (score = admission time in
 * ms, by the Redis server's clock so every instance agrees): drop the times that
 * left the window, admit the request if fewer than the limit remain, and keep
 * the key alive for one window after its newest entry.
 * Returns [admitted (1/0), admitted requests in the window, ms until the oldest leaves].
 * Members are "<ms>:<count>", unique because the count grows within one ms.
 */
const HIT_SCRIPT = `
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  count = count + 1
  redis.call('ZADD', KEYS[1], now, now .. ':' .. count)
  redis.call('PEXPIRE', KEYS[1], windowMs)
  admitted = 1
end
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
return { admitted, count, oldest + windowMs - now }
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number, limit: number): Result<[number, number, number], Context>;
  }
}

/**
 * Sliding logs in Redis, shared by every instance of the service.
 * Throws when Redis cannot answer; FailOpenThrottlerStorage decides what then.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private lastConnectionError: Error | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Without a listener ioredis prints every failed reconnect to the console; keep the cause for the next failure's message.
    redis.on('error', (error: Error) => (this.lastConnectionError = error));
    redis.on('ready', () => (this.lastConnectionError = undefined));
  }

  /**
   * Waits (bounded by the client's connect timeout) for the first connection.
   * Never fails the start: the client keeps reconnecting in the background.
   */
  async connect(): Promise<boolean> {
    return this.redis.connect().then(
      () => true,
      () => false,
    );
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    if (this.redis.status !== 'ready') {
      throw new Error(`Redis is not connected (${this.lastConnectionError?.message ?? this.redis.status})`);
    }
    const [admitted, inWindow, msUntilOldestLeaves] = await this.redis.rateLimitHit(this.keyPrefix + key, ttl, limit);
    return slidingLogRecord(inWindow, msUntilOldestLeaves, admitted === 0);
  }

  /** QUIT when connected (pending replies arrive first); otherwise just stop reconnecting. */
  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      const quit = await this.redis.quit().catch(() => undefined);
      if (quit === 'OK') return;
    }
    this.redis.disconnect();
  }
}
