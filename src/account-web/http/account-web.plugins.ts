import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import fastifySession from '@fastify/session';
import fastifyView from '@fastify/view';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Eta } from 'eta';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { unsupportedMediaType } from '../../platform/http/body-parsing';
import { storedServiceSecret } from '../../platform/persistence/service-secrets';
import { PgSessionStore } from '../persistence/pg-session.store';
import { PAGE_SECURITY_HEADERS, VIEWS_DIR } from './page-assets';

declare module 'fastify' {
  interface Session {
    /** Set once the visitor has signed in; a session without it is a pre-session and is never stored. */
    accountId?: string;
  }
}

export const ACCOUNT_PATH = '/account';
export const SESSION_COOKIE = 'tlm_session';
export const CSRF_COOKIE = 'tlm_csrf';
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The Fastify plugins behind the account pages, registered before the routes:
 * cookies, server-side sessions (PgSessionStore), CSRF tokens, form bodies,
 * templates, and the security headers of every /account response.
 */
export async function registerAccountWebPlugins(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const secret = config.sessionSecret ?? (await storedSessionKey(app.get(EntityManager)));
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  await app.register(fastifyCookie, { secret });
  await app.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    store: app.get<PgSessionStore>(PgSessionStore),
    // Only a signed-in session is stored: the sign-up and sign-in forms rely on the CSRF cookie alone.
    saveUninitialized: false,
    rolling: false,
    // The plugin's hooks run under this path only, so API requests pay nothing for sessions; a session widens its
    // own cookie to Path=/ when it starts (see startSession).
    cookie: { ...cookie, path: ACCOUNT_PATH },
  });
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: { ...cookie, path: ACCOUNT_PATH, signed: true },
    // Signed in, a token is bound to the session id; before that, to the pre-session CSRF cookie only.
    getUserInfo: csrfUserInfo,
    csrfOpts: { hmacKey: secret },
  });
  await app.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });
  await app.register(fastifyView, { engine: { eta: new Eta() }, templates: VIEWS_DIR, production: true });

  // Callback hooks, not async ones: every API request passes them, and a callback costs Fastify no promise.
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isAccountPath(request.url)) reply.headers(PAGE_SECURITY_HEADERS);
    done();
  });
  // Form bodies are for the pages; the API keeps answering them with 415.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'] ?? '';
    done(type.toLowerCase().startsWith('application/x-www-form-urlencoded') && !isAccountPath(request.url) ? unsupportedMediaType() : undefined);
  });
}

export function isAccountPath(url: string): boolean {
  return url === ACCOUNT_PATH || url.startsWith(`${ACCOUNT_PATH}/`) || url.startsWith(`${ACCOUNT_PATH}?`);
}

export const PRE_SESSION = 'pre-session';

export function csrfUserInfo(request: FastifyRequest): string {
  return request.session?.accountId ? request.session.sessionId : PRE_SESSION;
}

async function storedSessionKey(em: EntityManager): Promise<string> {
  const key = await storedServiceSecret(em, 'session_signing_key');
  if (key === undefined) throw new Error('The session signing key is missing: apply the database migrations first.');
  return key;
}
