import type { FastifyReply } from 'fastify';

/**
 * A deprecated feature of /api/v1 (docs/versioning.md): it keeps working, and every response that used it says
 * so in the headers a client can watch for: `Deprecation` (RFC 9745, since when), `Sunset` (RFC 8594, the
 * earliest date it may stop working, at least six months after the announcement) and links to what replaces
 * it and to the policy.
 */
export interface Deprecation {
  since: Date;
  sunset: Date;
  /** The path of what to use instead. */
  successor: string;
}

export const VERSIONING_POLICY_URL = '/docs#versioning';

export function announceDeprecation(reply: FastifyReply, deprecation: Deprecation): void {
  reply.header('deprecation', `@${Math.floor(deprecation.since.getTime() / 1000)}`);
  reply.header('sunset', deprecation.sunset.toUTCString());
  reply.header('link', `<${deprecation.successor}>; rel="successor-version", <${VERSIONING_POLICY_URL}>; rel="deprecation"`);
}
