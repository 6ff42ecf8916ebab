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
import { HttpProblem } from '../shared/http/error-translation';
import { isPublic } from '../shared/auth/public.decorator';
import { CallerIdentification } from '../tokens/http/caller-identification';
import { RateLimiter } from './rate-limiter';

/**
 * First of the global guards, before BearerAuthGuard refuses the unidentified,
 * so that failed attempts are counted too. One budget per account across all
 * routes (the caller as CallerIdentification finds it); callers without a
 * valid token share one budget per client address.
 * The library resolves the throttler; RateLimiter counts and sets the headers.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
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
    this.limiter.markGuarded(context.switchToHttp().getRequest<FastifyRequest>());
    return super.canActivate(context);
  }

  /** Health probes and docs (everything @Public) are never limited and carry no rate-limit headers. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return isPublic(this.reflector, context);
  }

  protected override async getTracker(request: FastifyRequest): Promise<string> {
    return this.limiter.trackerOf(request, (await this.callers.account(request))?.id);
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker } = request;
    const { req, res } = this.getRequestResponse(context);
    const window = { name: throttler.name ?? 'default', limit, ttl, blockDuration };
    const refusal = await this.limiter.hit(res as FastifyReply, await getTracker(req, context), window);
    if (refusal) throw new HttpProblem(refusal);
    return true;
  }
}
