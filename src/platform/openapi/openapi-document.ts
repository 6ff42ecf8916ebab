import type {
  ComponentsObject,
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import { InvalidError, PreconditionFailedError, ServiceUnavailableError } from '../../kernel/domain-error';
import { ProblemCode, problemCodes } from '../http/problem';
import { CLIENT_ERRORS } from '../http/framework-refusals';
import { queryProblem } from '../http/request-validation.pipe';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from '../idempotency/idempotent-requests';
import { MAX_KEY_LENGTH as MAX_IDEMPOTENCY_KEY_LENGTH } from '../idempotency/idempotency.http';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../pagination/page';
import { API_HEADERS, ApiDocs, headerRefs, ref, schemaRef } from './openapi-kit';
import { problemResponse } from './problem-examples';
import { metadataSchemas } from './request-schema';

/**
 * Collects the modules' `ApiDocs` into one OpenAPI 3.1 document and adds what
 * every operation shares: the errors any authenticated call can meet (listed
 * once, as components), 405 on every path, HEAD beside every GET, the
 * rate-limit and request-id headers, and `Problem.code` as exactly the codes
 * the documented errors carry.
 */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  rateLimitPerMinute: number;
  /** The order `Problem.code` lists the codes in (the /docs guide's); by default the catalogue's, by status. */
  problemOrder?: readonly string[];
}

export const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const EXAMPLE_PATH = '/api/v1/tournaments';

/** The statuses every authenticated operation can answer, documented once as components. */
export const COMMON_ERROR_RESPONSES = { '401': 'Unauthenticated', '403': 'SubscriptionRequired', '429': 'RateLimited', '500': 'InternalError', '503': 'ServiceUnavailable' };

export function buildDocument(info: DocumentInfo, modules: ApiDocs[]): OpenAPIObject {
  const paths: Record<string, PathItemObject> = {};
  const components: ComponentsObject = {
    schemas: sharedSchemas(),
    responses: sharedResponses(),
    parameters: sharedParameters(),
    headers: sharedHeaders(info.rateLimitPerMinute),
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'tlm_ token',
        description:
          'Your API token, sent as `Authorization: Bearer <API_TOKEN>`. Tokens start with `tlm_`. ' +
          'Tokens in the query string or body are ignored. Generate one on your account settings page (premium plan).',
      },
    },
  };
  for (const module of modules) {
    for (const [path, item] of Object.entries(module.paths)) paths[path] = withSharedResponses(item as PathItemObject);
    for (const kind of ['schemas', 'parameters', 'responses'] as const) Object.assign(components[kind]!, module.components?.[kind]);
    Object.assign((components.schemas!.Problem as SchemaObject).properties!, module.problemMembers);
  }
  const document: OpenAPIObject = {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/', description: 'This server: production, or whichever environment you deployed it to.', 'x-internal': false }],
    security: [{ bearerAuth: [] }],
    tags: modules.flatMap((module) => module.tags),
    paths,
    components,
  };
  const webhooks = Object.assign({}, ...modules.map((module) => module.webhooks ?? {})) as Record<string, PathItemObject>;
  if (Object.keys(webhooks).length > 0) document.webhooks = webhooks;
  inlineRequestBodies(document);
  ((components.schemas!.Problem as SchemaObject).properties!.code as SchemaObject).enum = documentedProblemCodes(document, info.problemOrder);
  return document;
}

/**
 * Request bodies carry their schema inline, not as a component: generators
 * (openapi-typescript) then make fields with a `default` optional, as they are
 * for the server, instead of required as in a response type.
 */
function inlineRequestBodies(document: OpenAPIObject): void {
  const schemas = document.components!.schemas!;
  const inlined = new Set<string>();
  for (const item of Object.values(document.paths ?? {}) as PathItemObject[]) {
    for (const method of HTTP_METHODS) {
      const body = (item[method] as OperationObject | undefined)?.requestBody as { content?: Record<string, { schema?: SchemaObject }> } | undefined;
      for (const media of Object.values(body?.content ?? {})) {
        const name = media.schema?.$ref?.replace('#/components/schemas/', '');
        if (name === undefined || !(name in schemas)) continue;
        media.schema = schemas[name] as SchemaObject;
        inlined.add(name);
      }
    }
  }
  for (const name of inlined) delete schemas[name];
}

/** Every problem code some documented response shows an example of, in the given order (else the catalogue's). */
export function documentedProblemCodes(document: object, order: readonly ProblemCode[] = problemCodes()): ProblemCode[] {
  const codes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if ('request_id' in node && 'code' in node) codes.add(String(node.code));
      else Object.values(node).forEach(walk);
    }
  };
  walk(document);
  return order.filter((code) => codes.has(code));
}

function withSharedResponses(item: PathItemObject): PathItemObject {
  const out: PathItemObject = { ...item };
  for (const method of HTTP_METHODS) {
    const operation = item[method] as OperationObject | undefined;
    if (!operation) continue;
    const isPublic = operation.security?.length === 0;
    // Any route can fail on our side; the public ones (no token, not rate limited) answer nothing else in common.
    const shared = isPublic ? { '500': COMMON_ERROR_RESPONSES['500'] } : COMMON_ERROR_RESPONSES;
    const common = Object.fromEntries(Object.entries(shared).map(([status, name]) => [status, ref('responses', name)]));
    // A status the operation documents itself (the event stream's own 429) keeps its own description.
    out[method] = { ...operation, responses: { ...operation.responses, '405': ref('responses', 'MethodNotAllowed'), ...common, ...operation.responses } };
  }
  if (out.get && !out.head) out.head = headOf(out.get);
  return out;
}

/** Fastify answers HEAD for every GET route: the same status and headers, no body. */
function headOf(get: OperationObject): OperationObject {
  const responses = Object.fromEntries(
    Object.entries(get.responses as Record<string, ResponseObject>).map(([status, response]) =>
      '$ref' in response ? [status, response] : [status, { description: response.description, headers: response.headers }],
    ),
  );
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `${get.summary} (headers only)`,
    description: 'The same as GET, with the headers and no body.',
    responses,
  };
}

function sharedSchemas(): Record<string, SchemaObject> {
  const text = (maxLength: number, description: string, example?: string): SchemaObject => ({ type: 'string', maxLength, description, ...(example && { examples: [example] }) });
  const names: SchemaObject = { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } };
  return {
    ...metadataSchemas(),
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details: the body of every 4xx and 5xx response, sent as `application/problem+json`.',
      required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'],
      properties: {
        type: { ...text(200, 'Identifies the kind of problem; resolves to its entry on /docs.', '/docs#problem-not_found'), format: 'uri-reference' },
        title: text(200, 'Short summary of the kind; the same for every occurrence.'),
        status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599, description: 'Equal to the HTTP status code.' },
        detail: text(2000, 'What went wrong this time, for humans.'),
        instance: { ...text(2000, 'The request path.'), format: 'uri-reference' },
        code: { type: 'string', description: 'Stable machine-readable code; switch on this. Each is explained at `/docs#problem-<code>`.' },
        request_id: text(128, 'Equal to the `X-Request-Id` response header; quote it when reporting a problem.'),
        errors: {
          type: 'array',
          maxItems: 100,
          description: '`validation_failed`: one entry per bad body field (`pointer`). `invalid_parameter`: one entry per bad query parameter (`parameter`).',
          items: { oneOf: [schemaRef('FieldError'), schemaRef('ParameterError')] },
        },
        allowed_transitions: { ...names, description: '`invalid_state_transition` only: the statuses reachable from the current one (empty when it is final).' },
        current_status: text(100, '`invalid_state_transition` only: the resource’s status now.'),
        requested_status: text(100, '`invalid_state_transition` on PATCH only: the status asked for.'),
        locked_fields: { ...names, description: '`field_locked` only: the fields that can no longer change.' },
      },
    },
    FieldError: {
      type: 'object',
      required: ['pointer', 'detail'],
      properties: {
        pointer: text(200, 'JSON Pointer (RFC 6901) to the field in the request body; `""` is the body itself.', '/starts_at'),
        detail: text(500, 'What is wrong with it.'),
      },
    },
    ParameterError: {
      type: 'object',
      required: ['parameter', 'detail'],
      properties: { parameter: text(100, 'The query parameter’s name.', 'limit'), detail: text(500, 'What is wrong with it.') },
    },
  };
}

function sharedHeaders(rateLimitPerMinute: number): Record<string, HeaderObject> {
  const count: SchemaObject = { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 };
  const text = (maxLength: number): SchemaObject => ({ type: 'string', maxLength });
  return {
    'X-Request-Id': {
      description: 'Identifies the request in our logs. Echoes the client’s `X-Request-Id` when it is 1–128 characters of `A-Za-z0-9._:-`; generated otherwise.',
      required: true,
      schema: text(128),
      example: '0b3e6f5c-2d41-4c8e-9a57-3f1d2e4c6b80',
    },
    'RateLimit-Policy': {
      description: 'The rate-limit policy (IETF httpapi ratelimit-headers draft): quota `q` per window `w` seconds.',
      schema: text(100),
      example: `"default";q=${rateLimitPerMinute};w=60`,
    },
    RateLimit: { description: 'Requests `r` you can make now; `t` seconds until the oldest admitted request leaves the sliding 60-second window.', schema: text(100), example: `"default";r=${rateLimitPerMinute - 1};t=60` },
    'X-RateLimit-Limit': { description: 'Requests allowed per minute (legacy dialect, sent beside `RateLimit`).', schema: count, example: rateLimitPerMinute },
    'X-RateLimit-Remaining': { description: 'Requests you can make now (the limit minus those admitted in the last 60 seconds).', schema: count, example: rateLimitPerMinute - 1 },
    'X-RateLimit-Reset': { description: 'Seconds until the oldest admitted request leaves the window and one more request is admitted.', schema: count, example: 60 },
    Deprecation: {
      description: 'Sent when the request used a deprecated feature: since when (RFC 9745, `@` and Unix seconds). See Versioning.',
      schema: text(20),
      example: '@1764028800',
    },
    Sunset: { description: 'With `Deprecation`: the earliest date the feature may stop working (RFC 8594, an HTTP date).', schema: text(40), example: 'Tue, 01 Jun 2027 00:00:00 GMT' },
    'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { ...count, minimum: 1 }, example: 5 },
    ETag: {
      description:
        'A strong entity tag derived from the resource’s `version` (`"v3"`; for a league also its `tournament_count`, ' +
        'for a tournament its `participant_count`: `"v3.2"`). ' +
        'Send it back in `If-Match` (writes: strong comparison of the whole tag) or `If-None-Match` (reads).',
      required: true,
      schema: text(100),
      example: '"v3"',
    },
    ListETag: {
      description:
        'The tag of what the list or table shows as of the tournament’s last change (send it in `If-None-Match` to poll for 304). ' +
        'Absent for the moment a change is committed but its event not yet numbered: that answer is current, but not tagged.',
      schema: text(100),
      example: '"e42-pW3xS0mQ1c9d"',
    },
    Location: {
      description: 'The path of the created resource.',
      required: true,
      schema: { ...text(200), format: 'uri-reference' },
      example: '/api/v1/tournaments/0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
    },
    'Idempotent-Replayed': {
      description: 'Present, with the value `true`, when this is the stored response to an earlier request with the same `Idempotency-Key`; nothing new was created.',
      schema: { type: 'string', enum: ['true'] },
      example: 'true',
    },
    Link: {
      description: 'Present when there is a next page: `<…?cursor=…>; rel="next"`, the same query with `cursor` set.',
      schema: text(4000),
      example: '</api/v1/tournaments?limit=20&cursor=eyJ2IjoxfQ>; rel="next"',
    },
    'WWW-Authenticate': {
      description: '`Bearer realm="api"` when no token was sent; `Bearer realm="api", error="invalid_token"` when the token is unknown, malformed, revoked or replaced.',
      required: true,
      schema: text(200),
      example: 'Bearer realm="api", error="invalid_token"',
    },
    Allow: { description: 'The methods the path does accept.', required: true, schema: text(100), example: 'DELETE, GET, HEAD, PATCH' },
  };
}

/** `limit` and `cursor` of every list, described once; the query class gives their rules. */
export const LIST_PARAMETER_DOCS: Record<'limit' | 'cursor', Partial<ParameterObject>> = {
  limit: {
    description: 'Page size.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
    example: 20,
  },
  cursor: {
    description: 'The `next_cursor` of the previous page. Keep the other parameters unchanged: a cursor from another query, or a forged one, is 400.',
    example: 'eyJ2IjoxfQ.c2lnbmF0dXJl',
  },
};

function sharedParameters(): Record<string, ParameterObject> {
  return {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      description:
        `Makes a create safe to retry: 1–${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters (else 400), such as a UUID. For 24 hours per account, a retry with the same key and body returns the first response ` +
        '(with `Idempotent-Replayed: true`) and creates nothing; the same key with another body is 422 `idempotency_key_reused`; ' +
        'a retry while the first request is still running is 409 `idempotency_key_in_use`.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
      example: '6f1c7a52-3b0e-4c1e-9d7a-2f8e5b4c3a10',
    },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      description:
        'The `ETag` you last read, a comma-separated list of them (any may match), or `*` (any existing version). Tags are compared whole and strongly (RFC 9110); weak tags never match. ' +
        'The write happens only if one matches the current `ETag`; otherwise 412. Without it, the write applies to the current version.',
      schema: { type: 'string', maxLength: 100 },
      example: '"v3"',
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      description: 'The `ETag` you hold. If it is still current, the answer is 304 with no body.',
      schema: { type: 'string', maxLength: 100 },
      example: '"v3"',
    },
  };
}

/** Responses several modules share. Their examples are built by the server's own error classes and translation. */
function sharedResponses(): Record<string, ResponseObject> {
  const withRetryAfter = { ...headerRefs('Retry-After'), ...API_HEADERS };
  return {
    MalformedRequest: problemResponse(
      'The body is not valid JSON, or a header such as `Idempotency-Key` is malformed.',
      EXAMPLE_PATH,
      [{ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }],
      API_HEADERS,
    ),
    InvalidParameter: problemResponse(
      'A query parameter is unknown, out of range or malformed, or the cursor is not valid for this query.',
      EXAMPLE_PATH,
      [queryProblem([{ path: ['limit'], detail: 'limit must be a whole number from 1 to 100.' }])],
      API_HEADERS,
    ),
    MethodNotAllowed: problemResponse(
      'The path exists but does not accept this method; `Allow` lists the methods it accepts.',
      EXAMPLE_PATH,
      [{ code: 'method_not_allowed', detail: 'PUT is not supported here. Allowed: GET, HEAD, POST.', headers: { allow: 'GET, HEAD, POST' } }],
      { ...headerRefs('Allow'), ...API_HEADERS },
    ),
    PreconditionFailed: problemResponse('`If-Match` does not match the current `ETag`: the resource changed since you read it.', EXAMPLE_PATH, [new PreconditionFailedError()], API_HEADERS),
    // Node's HTTP parser refuses these for any path, before routing: documented once, not per operation.
    RequestHeaderFieldsTooLarge: problemResponse('The request line (URL) and headers exceed 16 KiB; the connection is closed.', '/', [CLIENT_ERRORS.HPE_HEADER_OVERFLOW], headerRefs('X-Request-Id')),
    RequestTimeout: problemResponse('The request did not arrive in time; the connection is closed.', '/', [CLIENT_ERRORS.ERR_HTTP_REQUEST_TIMEOUT], headerRefs('X-Request-Id')),
    PayloadTooLarge: problemResponse('The body is larger than 64 KiB (512 KiB on bulk endpoints).', EXAMPLE_PATH, [{ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }], API_HEADERS),
    UnsupportedMediaType: problemResponse(
      'The body is not sent as `application/json` (PATCH also accepts `application/merge-patch+json`), or declares a charset other than UTF-8.',
      EXAMPLE_PATH,
      [{ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }],
      API_HEADERS,
    ),
    ValidationFailed: problemResponse(
      'The body breaks a rule; `errors` lists every offending field by JSON Pointer.',
      EXAMPLE_PATH,
      [new InvalidError([{ pointer: '/ends_at', detail: 'ends_at must not be before starts_at.' }, { pointer: '/id', detail: 'id is read-only.' }])],
      API_HEADERS,
    ),
    IdempotentCreateConflict: problemResponse('A request with the same `Idempotency-Key` is still running.', EXAMPLE_PATH, [new IdempotencyKeyInUseError()], API_HEADERS),
    IdempotentCreateInvalid: problemResponse(
      'The body breaks a rule (`validation_failed`, whatever the `Idempotency-Key`: the body is checked first), or the key was used before with another body.',
      EXAMPLE_PATH,
      [InvalidError.field('/name', 'name must be 1 to 100 characters long.'), new IdempotencyKeyReusedError()],
      API_HEADERS,
    ),
    InternalError: problemResponse(
      'Something failed on our side; the body carries no internals. Quote `request_id` when reporting it.',
      EXAMPLE_PATH,
      [new Error('anything the server did not expect')],
      API_HEADERS,
    ),
    ServiceUnavailable: problemResponse('The database cannot be reached right now.', EXAMPLE_PATH, [new ServiceUnavailableError()], withRetryAfter),
  };
}
