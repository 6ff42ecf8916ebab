import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpectedVersion } from '../concurrency/fresh-version';
import { HttpProblem } from './error-translation';

/**
 * A strong ETag per representation: the row's `version` column, plus any
 * derived values the representation shows but the row's version does not
 * track (a league's tournament_count), so a cached copy is never wrongly fresh.
 */
export function etagFor(version: number, ...derived: number[]): string {
  return `"v${[version, ...derived].join('.')}"`;
}

/** One entity tag of an If-Match or If-None-Match list: optional weakness marker, then a quoted opaque tag. */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * The precondition an If-Match header sets (RFC 9110 §13.1.1), `undefined` when
 * absent: `*` holds for any existing resource, otherwise the current ETag must
 * equal one of the listed tags by strong comparison (a weak tag never matches).
 * `etagOf` computes the current ETag from the version read inside the write, so a
 * derived part (a league's tournament_count) has to match too.
 */
export function ifMatchPrecondition<E>(ifMatch: string | undefined, etagOf: (entity: E) => string): ExpectedVersion<E> {
  if (ifMatch === undefined) return undefined;
  const tags = ifMatch.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
  if (tags.length === 1 && tags[0] === '*') return 'any';
  // A malformed list can never equal a strong current tag: the precondition fails (412).
  const strong = tags.every((tag) => ENTITY_TAG.test(tag)) ? tags.filter((tag) => !tag.startsWith('W/')) : [];
  return (entity) => strong.includes(etagOf(entity));
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
