import { Logger, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { getOptionsToken, getStorageToken, ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AppMetrics } from '../metrics';
import { PreGuardAccounting } from '../platform/http/pre-guard-accounting';
import { TokensModule } from '../tokens';
import { FailOpenThrottlerStorage } from './fail-open-throttler.storage';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { PreGuardRateLimit } from './pre-guard-rate-limit';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';
import { createRedisClient } from './redis-client';
import { RedisThrottlerStorage } from './redis-throttler.storage';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  return { throttlers: [{ name: 'default', limit: config.rateLimitPerMinute, ttl: RATE_LIMIT_WINDOW_MS }] };
}

/** Redis when REDIS_URL is set (shared by all instances, per-instance memory while it is down), else memory. */
export async function createRateLimitStorage(config: AppConfig, metrics: AppMetrics): Promise<ThrottlerStorage> {
  const local = new MemoryThrottlerStorage();
  if (!config.redisUrl) return local;
  const shared = new RedisThrottlerStorage(createRedisClient(config.redisUrl), config.rateLimitKeyPrefix);
  if (!(await shared.connect())) {
    new Logger('RateLimit').warn('Redis is not reachable at start; counting per instance until it is.');
  }
  return new FailOpenThrottlerStorage(shared, local, { onCountedLocally: () => metrics.rateLimitCountedLocally() });
}

/**
 * The rate limiter. Provides the throttler library's two tokens itself rather
 * than importing ThrottlerModule, so the storage is built from AppConfig and
 * its Redis connection is closed with the application. Exports the guard and,
 * for the error exit, the counting of requests refused before the guards.
 */
@Module({
  imports: [DiscoveryModule, TokensModule],
  providers: [
    { provide: getOptionsToken(), useFactory: rateLimitOptions, inject: [AppConfig] },
    { provide: getStorageToken(), useFactory: createRateLimitStorage, inject: [AppConfig, AppMetrics] },
    RateLimiter,
    RateLimitGuard,
    { provide: PreGuardAccounting, useClass: PreGuardRateLimit },
  ],
  exports: [RateLimitGuard, PreGuardAccounting, RateLimiter],
})
export class RateLimitModule {}
