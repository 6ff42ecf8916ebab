import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../../shared/auth/public.decorator';
import { CallerIdentification } from './caller-identification';

/**
 * Second of the global guards: a protected route goes no further without an
 * identified caller. The rate limiter's guard, first, has already asked
 * CallerIdentification (so refused attempts are counted too); this one reads
 * the same answer and raises its refusal (401, or 403 without premium).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerIdentification,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const caller = await this.callers.identify(context.switchToHttp().getRequest<FastifyRequest>());
    if (caller.refusal) throw caller.refusal;
    return true;
  }
}
