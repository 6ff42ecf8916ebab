import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../../shared/auth/public.decorator';
import type { AuthenticatedAccount } from '../accounts.service';
import { InvalidTokenError, MissingTokenError } from '../domain/account-errors';
import { BEARER_STRATEGY } from './bearer.strategy';

/**
 * First of the global guards: finds out who is calling. A refusal is recorded
 * on the request rather than thrown, so the rate limiter (next guard) can count
 * failed attempts per client address; AuthenticationRequiredGuard then raises it.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard(BEARER_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublic(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    try {
      await super.canActivate(context);
      request.accountId = request.user?.id;
    } catch (error) {
      request.authenticationError = error as Error;
    }
    return true;
  }

  /** Passport reports "no token" and "bad token" as a challenge string; keep that distinction. */
  override handleRequest<T = AuthenticatedAccount>(error: unknown, account: T | false, challenge: unknown): T {
    if (error) throw error;
    if (account) return account;
    const challenges = ([] as unknown[]).concat(challenge);
    if (challenges.some((entry) => typeof entry === 'string' && entry.includes('invalid_token'))) throw new InvalidTokenError();
    throw new MissingTokenError();
  }
}

/** Route metadata does not change after start: read it once per handler (three guards ask on every request). */
const publicHandlers = new WeakMap<object, boolean>();

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let known = publicHandlers.get(handler);
  if (known === undefined) {
    known = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
    publicHandlers.set(handler, known);
  }
  return known;
}
