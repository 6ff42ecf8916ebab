import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import type { AuthenticatedAccount } from '../accounts.service';
import { InvalidTokenError, MissingTokenError } from '../domain/account-errors';
import { BEARER_STRATEGY } from './bearer.strategy';

/** Who is calling, by the bearer token: an account, or why there is none (no token, a bad one, no premium plan). */
export type Caller = { account: AuthenticatedAccount; refusal?: undefined } | { account?: undefined; refusal: Error };

/**
 * The one place that identifies a request's caller: the bearer strategy
 * (passport-http-bearer) run once per request, its answer kept for whoever
 * asks next. The global guards ask for routed requests (the rate limiter's to
 * pick the budget, then BearerAuthGuard to refuse); the rate limiter's error
 * path asks for requests refused before any guard ran (an unknown path, an
 * unreadable body), so those count against the same budget. An identified
 * account is also put where handlers and the request log read it
 * (`request.user`, passport's convention, and `request.accountId`).
 */
@Injectable()
export class CallerIdentification {
  private readonly callers = new WeakMap<FastifyRequest, Promise<Caller>>();
  /** The same answers once settled, for those who can then go on without awaiting one. */
  private readonly settled = new WeakMap<FastifyRequest, Caller>();

  constructor(private readonly orm: MikroORM) {}

  identify(request: FastifyRequest): Promise<Caller> {
    let caller = this.callers.get(request);
    if (!caller) {
      caller = this.authenticate(request);
      this.callers.set(request, caller);
    }
    return caller;
  }

  /** The answer, if the strategy has already given it for this request. */
  known(request: FastifyRequest): Caller | undefined {
    return this.settled.get(request);
  }

  /** The caller's account; none for a missing or refused token. */
  async account(request: FastifyRequest): Promise<AuthenticatedAccount | undefined> {
    return (await this.identify(request)).account;
  }

  private async authenticate(request: FastifyRequest): Promise<Caller> {
    const run = () => runStrategy(request);
    // Refusals made before routing (a path that is not valid percent-encoding) have no request context of their own.
    const caller = await (RequestContext.currentRequestContext() ? run() : RequestContext.create(this.orm.em, run));
    if (caller.account) {
      request.user = caller.account;
      request.accountId = caller.account.id;
    }
    this.settled.set(request, caller);
    return caller;
  }
}

/** passport.authenticate with a callback, as @nestjs/passport's AuthGuard runs it; a bearer strategy never touches the response. */
function runStrategy(request: FastifyRequest): Promise<Caller> {
  return new Promise((resolve) => {
    const callback = (error: unknown, account: AuthenticatedAccount | false, challenge: unknown) => {
      if (error) resolve({ refusal: error instanceof Error ? error : new Error(String(error)) });
      else if (account) resolve({ account });
      else resolve({ refusal: refusalOf(challenge) });
    };
    passport.authenticate(BEARER_STRATEGY, { session: false }, callback)(request, {}, () => undefined);
  });
}

/** Passport reports "no token" and "bad token" as a challenge string; keep that distinction. */
function refusalOf(challenge: unknown): Error {
  const challenges = ([] as unknown[]).concat(challenge);
  return challenges.some((entry) => typeof entry === 'string' && entry.includes('invalid_token')) ? new InvalidTokenError() : new MissingTokenError();
}
