import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from './error-translation';

/**
 * A strong ETag per representation: the row's `version` column, plus any
 * derived values the representation shows but the row's version does not
 * track (a league's tournament_count), so a cached copy is never wrongly fresh.
 */
export function etagFor(version: number, ...derived: number[]): string {
  return `"v${[version, ...derived].join('.')}"`;
}

/**
 * The version an If-Match header insists on, `undefined` when absent.
 * `*` matches any existing version; weak or foreign tags never match.
 * Derived parts are ignored: clients cannot write them, so they cannot conflict.
 */
export function expectedVersion(ifMatch: string | undefined): number | undefined | 'any' {
  if (ifMatch === undefined) return undefined;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return 'any';
  for (const tag of tags) {
    const match = /^"v(\d{1,9})(?:\.\d{1,9})*"$/.exec(tag);
    if (match) return Number(match[1]);
  }
  // A syntactically odd or weak tag can never equal a strong current one.
  return -1;
}

/** RFC 9110 §13.1.2: If-None-Match uses weak comparison, so W/"v3" matches "v3". */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export function badHeader(name: string, detail: string): HttpProblem {
  return new HttpProblem({ code: 'malformed_request', detail: `${name}: ${detail}` });
}

/** GET of one resource: sets its ETag and answers 304 (no body) when the client's copy is current. */
export function conditionalGet<T>(request: FastifyRequest, reply: FastifyReply, etag: string, present: () => T): T | undefined {
  reply.header('etag', etag);
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return present();
  reply.status(304);
  return undefined;
}
