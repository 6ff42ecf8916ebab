import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerRequest,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../platform/http/error-translation';
import { isPublic } from '../platform/auth/public.decorator';
import { CallerIdentification } from '../tokens';
import { RateLimiter, RateLimitWindow } from './rate-limiter';

/** What the library resolved for a handler: its window, or that it is not limited. */
type HandlerLimit = RateLimitWindow | 'not limited';

/**
 * First of the global guards, before BearerAuthGuard refuses the unidentified,
 * so that failed attempts are counted too. One budget per account across all
 * routes (the caller as CallerIdentification finds it); callers without a
 * valid token share one budget per client address.
 * The library resolves the throttler; RateLimiter counts and sets the headers.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /**
   * Per handler, what the library resolved on its first request. Its resolution reads six metadata keys and awaits
   * three values on every request; route metadata and the configured window (fixed numbers, RateLimiter insists)
   * do not change after start, so later requests skip to the count.
   */
  private readonly limits = new WeakMap<object, HandlerLimit>();

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly limiter: RateLimiter,
    private readonly callers: CallerIdentification,
  ) {
    super(options, storage, reflector);
  }

  /** Marks the request first, so an error raised later is not counted a second time on its way out. */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    this.limiter.markGuarded(request);
    const known = this.limits.get(context.getHandler());
    if (known === undefined) return super.canActivate(context);
    if (known === 'not limited') return true;
    return this.count(request, context.switchToHttp().getResponse<FastifyReply>(), known);
  }

  /** Health probes and docs (everything @Public) are never limited and carry no rate-limit headers. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const skip = isPublic(this.reflector, context);
    if (skip) this.limits.set(context.getHandler(), 'not limited');
    return skip;
  }

  protected override async getTracker(request: FastifyRequest): Promise<string> {
    return this.limiter.trackerOf(request, (await this.callers.account(request))?.id);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration } = request;
    const window = { name: throttler.name ?? 'default', limit, ttl, blockDuration };
    // One throttler is configured (RateLimiter counts against it alone), so this is the handler's whole limit.
    if (this.throttlers.length === 1) this.limits.set(context.getHandler(), window);
    const { req, res } = this.getRequestResponse(context);
    return this.count(req as FastifyRequest, res as FastifyReply, window);
  }

  private async count(request: FastifyRequest, reply: FastifyReply, window: RateLimitWindow): Promise<boolean> {
    const refusal = await this.limiter.hit(reply, await this.getTracker(request), window);
    if (refusal) throw new HttpProblem(refusal);
    return true;
  }
}
