import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../shared/http/error-translation';
import { isPublic } from '../tokens/http/bearer-auth.guard';
import { rateLimitHeaders } from './rate-limit-headers';

/**
 * Second of the global guards, after BearerAuthGuard has identified the caller
 * and before AuthenticationRequiredGuard refuses the unauthenticated, so that
 * failed attempts are counted too. One budget per account across all routes;
 * callers without a valid token share one budget per client address.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /** Health probes and docs (everything @Public) are never limited and carry no rate-limit headers. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return isPublic(this.reflector, context);
  }

  /** request.ip honours X-Forwarded-For only from the proxies TRUST_PROXY names. */
  protected override async getTracker(request: FastifyRequest): Promise<string> {
    if (request.user) return `account:${request.user.id}`;
    return `ip:${await super.getTracker(request)}`;
  }

  /** The library keys by class and handler (a budget per route); ours is one budget per caller. */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  /**
   * The library's flow, except that the headers go on every response, 429
   * included (the library leaves them off there), in both header dialects.
   */
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = request;
    const name = throttler.name ?? 'default';
    const { req, res } = this.getRequestResponse(context);
    const tracker = await getTracker(req, context);
    const key = generateKey(context, tracker, name);
    const record = await this.storageService.increment(key, ttl, limit, blockDuration, name);
    const headers = rateLimitHeaders({
      policy: name,
      limit,
      windowSeconds: Math.ceil(ttl / 1000),
      remaining: Math.max(0, limit - record.totalHits),
      resetSeconds: record.timeToExpire,
    });
    (res as FastifyReply).headers(headers);
    if (record.isBlocked) await this.throwThrottlingException(context, { ...record, limit, ttl, key, tracker });
    return true;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfter = detail.timeToBlockExpire;
    throw new HttpProblem({
      code: 'rate_limited',
      detail: `The limit of ${detail.limit} requests per minute is used up. Retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
