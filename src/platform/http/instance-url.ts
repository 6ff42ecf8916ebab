import type { FastifyRequest } from 'fastify';

/**
 * The address the visitor reached this instance at (`https://example.org`), for the examples the pages show.
 * Behind a proxy Fastify takes the scheme and host from X-Forwarded-* only when TRUST_PROXY names it.
 */
export function instanceUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
