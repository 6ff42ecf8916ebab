import { Injectable } from '@nestjs/common';
import {
  DEFAULT_IPV6_SUBNET_PREFIX,
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppMetrics } from '../metrics';
import type { ProblemResponse } from '../platform/http/problem';
import { rateLimitHeaders } from './rate-limit-headers';

/** One throttler's numbers: `limit` requests per window of `ttl` ms. */
export interface RateLimitWindow {
  name: string;
  limit: number;
  ttl: number;
  blockDuration: number;
}

/**
 * The counting both entry points share: RateLimitGuard for routed requests and
 * PreGuardRateLimit for those refused before the guards. One budget per caller
 * across all routes; it knows which requests the guard has already seen.
 */
@Injectable()
export class RateLimiter {
  /** The configured throttler, for requests that never reached the guard. */
  readonly defaultWindow: RateLimitWindow;
  private readonly ipv6SubnetPrefix: number;
  private readonly guarded = new WeakSet<FastifyRequest>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly metrics: AppMetrics,
  ) {
    const throttlers = Array.isArray(options) ? options : options.throttlers;
    const { name = 'default', limit, ttl, blockDuration = ttl } = throttlers[0];
    if (typeof limit !== 'number' || typeof ttl !== 'number' || typeof blockDuration !== 'number') {
      throw new Error('The rate limit needs a fixed limit and window.');
    }
    this.defaultWindow = { name, limit, ttl, blockDuration };
    this.ipv6SubnetPrefix = (Array.isArray(options) ? undefined : options.ipv6SubnetPrefix) ?? DEFAULT_IPV6_SUBNET_PREFIX;
  }

  /** The caller's budget: its account's, or (no valid token) its client address's, IPv6 grouped by /64. request.ip honours X-Forwarded-For only from TRUST_PROXY. */
  trackerOf(request: FastifyRequest, accountId: string | undefined): string {
    if (accountId) return `account:${accountId}`;
    return `ip:${normalizeIp(request.ip, this.ipv6SubnetPrefix)}`;
  }

  /** The guard has taken charge of this request (counted it, or skipped it as public). */
  markGuarded(request: FastifyRequest): void {
    this.guarded.add(request);
  }

  wasGuarded(request: FastifyRequest): boolean {
    return this.guarded.has(request);
  }

  /**
   * Counts one request against the tracker's budget and puts the headers on
   * the reply, 429 included (the library leaves them off there), in both
   * dialects. Returns the 429 problem when the budget is used up.
   */
  async hit(reply: FastifyReply, tracker: string, window: RateLimitWindow = this.defaultWindow): Promise<ProblemResponse | undefined> {
    const { name, limit, ttl, blockDuration } = window;
    const record = await this.storage.increment(`${name}:${tracker}`, ttl, limit, blockDuration, name);
    reply.headers(
      rateLimitHeaders({
        policy: name,
        limit,
        windowSeconds: Math.ceil(ttl / 1000),
        remaining: Math.max(0, limit - record.totalHits),
        resetSeconds: record.timeToExpire,
      }),
    );
    if (!record.isBlocked) return undefined;
    this.metrics.rateLimitRejected(tracker.startsWith('account:') ? 'account' : 'address');
    const retryAfter = record.timeToBlockExpire;
    return {
      code: 'rate_limited',
      detail: `The limit of ${limit} requests per minute is used up. Retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      headers: { 'retry-after': String(retryAfter) },
    };
  }
}
