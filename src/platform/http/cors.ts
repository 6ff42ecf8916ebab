import type { FastifyInstance } from 'fastify';

const API_PREFIX = '/api/v1';
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, X-Request-Id';
const EXPOSED_HEADERS =
  'ETag, Link, Location, Retry-After, Idempotent-Replayed, X-Request-Id, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/**
 * Opt-in CORS for the JSON API (CORS_ORIGINS): a listed origin's browser requests get its origin back (never `*`,
 * never credentials: the API reads no cookies, only the bearer token the page's own script sends), and its
 * preflights are answered here, before routing, rate limits and authentication. Any other origin gets no CORS headers,
 * so the browser refuses, as it did before. The public viewer routes (/v/) set their own `*` where they allow it.
 */
export function allowApiOrigins(fastify: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(API_PREFIX)) return done();
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin === undefined || !allowed.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply
        .code(204)
        .headers({ 'access-control-allow-methods': ALLOWED_METHODS, 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' })
        .send();
      return;
    }
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    done();
  });
}
