import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isPublic } from '../../platform/auth/public.decorator';
import { Caller, CallerIdentification } from './caller-identification';

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

  /** Synchronous once the rate limiter's guard has identified the caller: Nest awaits nothing for a boolean. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = this.callers.known(request);
    return caller ? admitted(caller) : this.callers.identify(request).then(admitted);
  }
}

function admitted(caller: Caller): boolean {
  if (caller.refusal) throw caller.refusal;
  return true;
}
