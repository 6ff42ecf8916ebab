import Redis from 'ioredis';

export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
/** How long a request waits on a slow Redis before its instance counts it locally instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * An ioredis client that never makes a request wait on an unhealthy Redis:
 * while disconnected a command fails at once instead of queueing, a hung
 * server is cut off by the command timeout, and reconnecting continues in the
 * background (backing off to every 5 s) so counters are shared again when Redis returns.
 */
export function createRedisClient(url: string, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    // Also bounds a timer ioredis leaves behind when closing between reconnect attempts, so shutdown is not held up.
    disconnectTimeout: 200,
  });
}
