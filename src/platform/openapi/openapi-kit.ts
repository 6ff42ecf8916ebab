import type {
  ComponentsObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  PathsObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  TagObject,
} from 'openapi3-ts/oas31';

/**
 * What one module contributes to the OpenAPI document: its tags, paths and
 * components. Each module writes it in `<module>.openapi.ts` beside its
 * controller; src/docs/openapi.ts lists the modules and the kernel collects
 * them (adding the common errors, 405, HEAD and rate-limit headers).
 */
export interface ApiDocs {
  tags: TagObject[];
  paths: PathsObject;
  components?: Pick<ComponentsObject, 'schemas' | 'parameters' | 'responses'>;
  /** Members this module's problems add to the Problem schema (such as `league_status`), after the common ones. */
  problemMembers?: Record<string, SchemaObject>;
  /** OpenAPI 3.1 `webhooks`: messages the service sends (the events module's catalogue). */
  webhooks?: Record<string, PathItemObject>;
}

type ComponentKind = 'schemas' | 'responses' | 'parameters' | 'headers';

export const ref = (kind: ComponentKind, name: string): ReferenceObject => ({ $ref: `#/components/${kind}/${name}` });
export const schemaRef = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

export const headerRefs = (...names: string[]): Record<string, ReferenceObject> => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

/**
 * Headers on every /api/v1 response: the request id and where the caller stands
 * against the rate limit, in both dialects the server sends: the IETF draft's
 * (`RateLimit`, `RateLimit-Policy`) and the legacy `X-RateLimit-*` trio, so a
 * generated client sees every header it can read.
 */
export const API_HEADERS = headerRefs('X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset');

/** A JSON response with its schema and one example the server could send. */
export function jsonResponse(description: string, schema: string, example: unknown, headers: Record<string, ReferenceObject> = {}): ResponseObject {
  return { description, headers: { ...headers, ...API_HEADERS }, content: { 'application/json': { schema: schemaRef(schema), example } } };
}

/** A response with no body (204, 304). */
export function emptyResponse(description: string, headers: Record<string, ReferenceObject> = {}): ResponseObject {
  return { description, headers: { ...headers, ...API_HEADERS } };
}

/** A required JSON body and an example of it; PATCH bodies are merge patches and accept that media type too. */
export function jsonBody(schema: string, description: string, example: unknown, options: { mergePatch?: boolean } = {}): RequestBodyObject {
  const media = { schema: schemaRef(schema), example };
  return {
    description,
    required: true,
    content: options.mergePatch ? { 'application/json': media, 'application/merge-patch+json': media } : { 'application/json': media },
  };
}

/** An operation: `tags`, `operationId` and `summary` are mandatory here, so every one has them. */
export type ApiOperation = OperationObject & Required<Pick<OperationObject, 'operationId' | 'summary' | 'tags' | 'responses'>>;

/** An operation that needs no token and is not rate limited (probes, the docs). */
export function publicOperation(operation: ApiOperation): ApiOperation {
  return { ...operation, security: [] };
}

/** The `id` path parameter of a resource, with an example id. */
export function idParameter(what: string, example: string): ParameterObject {
  return {
    name: 'id',
    in: 'path',
    required: true,
    description: `The ${what}’s id. A malformed id is 404, like an unknown one or another account’s.`,
    schema: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
    example,
  };
}

/** GET of one resource (`getTournament`): 200 with its `ETag`, 304 on a matching `If-None-Match`, and the 404 given. */
export function getOneOperation(schema: string, singular: string, tag: string, example: unknown, notFound: ResponseObject): ApiOperation {
  const withEtag = headerRefs('ETag');
  return {
    operationId: `get${schema}`,
    summary: `Get one ${singular}`,
    description: 'Send the `ETag` you hold in `If-None-Match` to get 304 when nothing changed. It takes no query parameters: any is 400.',
    tags: [tag],
    parameters: [ref('parameters', 'IfNoneMatch')],
    responses: {
      '200': jsonResponse(`The ${singular}.`, schema, example, withEtag),
      '304': emptyResponse('`If-None-Match` matched: your copy is current. No body.', withEtag),
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound,
    },
  };
}
