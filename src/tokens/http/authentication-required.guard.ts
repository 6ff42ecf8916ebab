import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isPublic } from './bearer-auth.guard';

/** Last of the global guards: a protected route without an authenticated account goes no further. */
@Injectable()
export class AuthenticationRequiredGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.authenticationError) throw request.authenticationError;
    if (!request.user) throw new Error('BearerAuthGuard did not run before AuthenticationRequiredGuard.');
    return true;
  }
}
