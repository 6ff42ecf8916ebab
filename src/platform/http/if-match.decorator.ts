import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ExpectedVersion } from '../concurrency/fresh-version';
import { ifMatchPrecondition } from './etag';

/**
 * The precondition the request's If-Match sets (RFC 9110): `undefined` without one, `'any'` for `*`,
 * else a test that the current ETag, computed by `etagOf` from the version read, equals a listed tag.
 * `@IfMatch(tournamentEtag)`.
 */
export const IfMatch = createParamDecorator(
  <E>(etagOf: (entity: E) => string, context: ExecutionContext): ExpectedVersion<E> =>
    ifMatchPrecondition(context.switchToHttp().getRequest<FastifyRequest>().headers['if-match'], etagOf),
);
