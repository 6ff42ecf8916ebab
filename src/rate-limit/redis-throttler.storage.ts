import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis, Result } from 'ioredis';
import { ThrottlerStorageRecord, windowRecord } from './fixed-window';

/**
 * One atomic step of a fixed window: count the hit and start the window's
 * clock on its first hit. A key found without expiry (never expected) gets one,
 * so a counter can never live forever. Returns [hits, ms until the window resets].
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rateLimitHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/**
 * Fixed-window counters in Redis, shared by every instance of the service.
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
    const [hits, msUntilReset] = await this.redis.rateLimitHit(this.keyPrefix + key, ttl);
    return windowRecord(hits, msUntilReset, limit);
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
