import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_PATH, CSRF_COOKIE, SESSION_COOKIE } from './account-web.plugins';

/** Signs the visitor in under a new session id, so an id known before sign-in (fixation) is worthless after it. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
  await request.session.regenerate();
  request.session.options({ path: '/' });
  request.session.accountId = accountId;
  // The pre-session CSRF secret goes too; the next page gets a fresh one.
  reply.clearCookie(CSRF_COOKIE, { path: ACCOUNT_PATH });
}

/** Ends this browser's session (signing out, or after the account was deleted) and clears its cookies. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  clearSessionCookies(reply);
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: ACCOUNT_PATH });
}

/** The signed-in account, or undefined. */
export function signedInAccountId(request: FastifyRequest): string | undefined {
  return request.session?.accountId;
}

/** A session cookie came with the request but names no live session: it expired or was ended elsewhere. */
export function hasStaleSessionCookie(request: FastifyRequest): boolean {
  return Boolean(request.cookies[SESSION_COOKIE]) && !signedInAccountId(request);
}

/** One field of a submitted form, as a string ('' when absent or sent more than once). */
export function formField(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The client address the throttles count (behind a proxy, as TRUST_PROXY says). */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}
