import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { PageRefusal, SignInRequired } from './page-refusals';
import { clientAddress, signedInAccountId } from './page-session';

const MINUTE_MS = 60_000;
/** Beyond this many tracked addresses, idle ones are forgotten first. */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * The pages' own throttle, apart from the API's rate limit: form submissions
 * per client address per minute (a sliding log, in this instance's memory).
 * Sign-up and sign-in hash passwords with a memory-hard function, so an
 * unthrottled form would be a cheap way to load the server.
 */
@Injectable()
export class FormSubmissionThrottle implements CanActivate {
  private readonly submissions = new Map<string, number[]>();
  private readonly limit: number;

  constructor(config: AppConfig) {
    this.limit = config.accountPagePostsPerMinute;
  }

  canActivate(context: ExecutionContext): boolean {
    const wait = this.admit(clientAddress(context.switchToHttp().getRequest<FastifyRequest>()));
    if (wait > 0) throw PageRefusal.tooManyRequests('Too many requests', wait, 'This browser has sent too many forms in the last minute.');
    return true;
  }

  /** Seconds until this address may submit again; 0 when admitted (and counted). */
  admit(address: string, now = Date.now()): number {
    const recent = (this.submissions.get(address) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length >= this.limit) {
      this.submissions.set(address, recent);
      return Math.ceil((recent[recent.length - this.limit] + MINUTE_MS - now) / 1000);
    }
    recent.push(now);
    this.submissions.delete(address);
    this.submissions.set(address, recent);
    if (this.submissions.size > MAX_TRACKED_ADDRESSES) this.submissions.delete(this.submissions.keys().next().value as string);
    return 0;
  }
}

/** Pages for signed-in visitors only (their account id goes in the request log); others are sent to sign in. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.accountId = signedInAccountId(request);
    if (!request.accountId) throw new SignInRequired();
    return true;
  }
}

/**
 * Every form post carries a CSRF token (`_csrf`), checked by
 * @fastify/csrf-protection against the signed secret cookie and, once signed
 * in, the session id. A missing or wrong token is a 403 page; the handler never
 * runs, so nothing changes.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    if (!(await this.tokenIsValid(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>()))) throw PageRefusal.csrf();
    return true;
  }

  /** The plugin's check answers through the reply it is given; this one only records the verdict. */
  private tokenIsValid(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    return new Promise((resolve) => {
      const verdict = { unsignCookie: (value: string) => reply.unsignCookie(value), send: () => resolve(false) };
      fastify.csrfProtection(request, verdict as unknown as FastifyReply, () => resolve(true));
    });
  }
}
