import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from './error-translation';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './hostile-json';

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Bulk endpoints (`…/bulk`): 256 items with modest metadata (about 2 KiB each) fit. */
export const BULK_BODY_LIMIT_BYTES = 512 * 1024;

/** The body limit of a route, by its URL pattern. */
export function bodyLimitFor(url: string): number {
  return url.endsWith('/bulk') ? BULK_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * JSON bodies only. A GET or DELETE that sends `Content-Type: application/json`
 * with no body (as the interface document tells clients to) parses to nothing
 * instead of failing, and merge-patch documents are accepted on PATCH alone.
 */
export function registerBodyParsing(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    ['application/json', 'application/merge-patch+json'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => {
      if (isMergePatch(request) && request.method !== 'PATCH') return done(unsupportedMediaType());
      const charset = charsetOf(request);
      if (charset !== undefined && !UTF_8.has(charset)) return done(unsupportedCharset(charset));
      if (body.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return done(new HttpProblem({ code: 'malformed_request', detail: 'The request body is not valid JSON.' }));
      }
      // JSON.parse itself is iterative, but validation and the ORM recurse: refuse deep nesting before they see it.
      if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) return done(tooDeep());
      done(null, parsed);
    },
  );
  // A POST or PATCH without any Content-Type is as unreadable as one with the wrong type, unless the route reads no
  // body and none came: `curl -X POST …/share/rotate` needs no header.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const routeMatched = request.routeOptions.url !== undefined;
    if (!routeMatched || !METHODS_WITH_BODY.has(request.method) || request.headers['content-type']) return done();
    const bodyless = (request.routeOptions.config as { takesNoBody?: boolean } | undefined)?.takesNoBody === true && !carriesBody(request);
    done(bodyless ? undefined : unsupportedMediaType());
  });
}

/** Marks a POST that reads no body (an action on the resource in its path): it needs no Content-Type when it has none. */
export const TakesNoBody = (): MethodDecorator => RouteConfig({ takesNoBody: true });

function carriesBody(request: FastifyRequest): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/** JSON is UTF-8 (RFC 8259 §8.1); a body declared in another charset would be read as UTF-8 and come out garbled. */
const UTF_8 = new Set(['utf-8', 'utf8']);

/** The charset parameter of Content-Type, lower-cased and unquoted, or undefined when there is none. */
export function charsetOf(request: FastifyRequest): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
  return match ? (match[1] ?? match[2]).toLowerCase() : undefined;
}

function unsupportedCharset(charset: string): HttpProblem {
  return new HttpProblem({
    code: 'unsupported_media_type',
    detail: `Send the body in UTF-8 (charset=utf-8, or no charset at all); charset=${charset.slice(0, 40)} is not supported.`,
  });
}

function isMergePatch(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/merge-patch+json');
}

function tooDeep(): HttpProblem {
  return new HttpProblem({ code: 'malformed_request', detail: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.` });
}

export function unsupportedMediaType(): HttpProblem {
  return new HttpProblem({
    code: 'unsupported_media_type',
    detail: 'Send the body as application/json (PATCH also accepts application/merge-patch+json).',
  });
}
