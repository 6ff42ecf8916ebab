import type { ParameterObject, PathsObject, SchemaObject } from 'openapi3-ts/oas31';
import { IdempotencyKeyInUseError } from '../idempotency/idempotent-requests';
import { API_HEADERS, ApiOperation, emptyResponse, getOneOperation, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from './openapi-kit';
import { MAX_PAGE_SIZE } from '../pagination/page';
import { LIST_PARAMETER_DOCS } from './openapi-document';
import { problemResponse, ProblemSource } from './problem-examples';
import { FieldDocs, fieldSchemas, requestBodySchema } from './request-schema';

/**
 * The five operations of a resource the house way (list with keyset pages,
 * idempotent create, conditional get, merge-patch update with If-Match, delete
 * with If-Match). A module passes its names, examples and the errors each
 * operation can raise; the rest is the same for every resource.
 */
export interface ResourceDocs {
  /** `Tournament`: names the schemas `Tournament`, `TournamentCreate`, `TournamentPatch`, `TournamentList`. */
  schema: string;
  /** `tournament` */
  singular: string;
  /** `/api/v1/tournaments` */
  collection: string;
  tag: string;
  exampleId: string;
  listParameters: ParameterObject[];
  examples: { resource: object; create: object; patch: object };
  /** The errors only this resource raises, by operation; the shared ones are added here. */
  errors: { create: ProblemSource[]; update: ProblemSource[]; delete: ProblemSource[]; notFound: ProblemSource };
  descriptions: { createConflict: string; updateConflict: string; deleteConflict: string };
}

/** `{ data, next_cursor }`: one page of a resource. */
export function listSchema(item: string, maxItems: number): SchemaObject {
  return {
    type: 'object',
    description: `One page of ${item} resources.`,
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', maxItems, items: schemaRef(item) },
      next_cursor: {
        type: ['string', 'null'],
        maxLength: 1000,
        description: 'Pass it as `cursor` to get the next page (with the same filters and sort); `null` on the last page.',
      },
    },
  };
}

export function resourcePaths(docs: ResourceDocs): PathsObject {
  const { schema, singular, collection, tag, examples, errors, descriptions } = docs;
  const item = `${collection}/${docs.exampleId}`;
  const withEtag = headerRefs('ETag');
  const list: ApiOperation = {
    operationId: `list${schema}s`,
    summary: `List ${singular}s`,
    description: `Your ${singular}s, one page at a time (keyset pagination: deep pages cost the same as the first). Unknown query parameters are 400.`,
    tags: [tag],
    parameters: docs.listParameters,
    responses: {
      '200': jsonResponse('A page of results.', `${schema}List`, { data: [examples.resource], next_cursor: null }, headerRefs('Link')),
      '400': ref('responses', 'InvalidParameter'),
    },
  };
  const create: ApiOperation = {
    operationId: `create${schema}`,
    summary: `Create a ${singular}`,
    description: 'Send an `Idempotency-Key` to make a retry after a network failure safe. The answer carries the new `Location` and `ETag`.',
    tags: [tag],
    parameters: [ref('parameters', 'IdempotencyKey')],
    requestBody: jsonBody(`${schema}Create`, `The new ${singular}.`, examples.create),
    responses: {
      '201': jsonResponse(`Created; the body is the new ${singular}.`, schema, examples.resource, headerRefs('Location', 'ETag', 'Idempotent-Replayed')),
      '400': ref('responses', 'MalformedRequest'),
      '409': errors.create.length > 0 ? conflict(descriptions.createConflict, collection, errors.create, true) : ref('responses', 'IdempotentCreateConflict'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': ref('responses', 'IdempotentCreateInvalid'),
    },
  };
  const get = getOneOperation(schema, singular, tag, examples.resource, notFound(item, errors.notFound));
  const update: ApiOperation = {
    operationId: `update${schema}`,
    summary: `Update a ${singular} (JSON merge patch)`,
    description: 'Send only the fields to change; `null` clears an optional field. A status change is a state transition.',
    tags: [tag],
    parameters: [ref('parameters', 'IfMatch')],
    requestBody: jsonBody(`${schema}Patch`, 'The changes, as a JSON merge patch (RFC 7396).', examples.patch, { mergePatch: true }),
    responses: {
      '200': jsonResponse(`Updated; the body is the ${singular} as it is now.`, schema, examples.resource, withEtag),
      '400': ref('responses', 'MalformedRequest'),
      '404': notFound(item, errors.notFound),
      '409': conflict(descriptions.updateConflict, item, errors.update),
      '412': ref('responses', 'PreconditionFailed'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': ref('responses', 'ValidationFailed'),
    },
  };
  const remove: ApiOperation = {
    operationId: `delete${schema}`,
    summary: `Delete a ${singular}`,
    description: 'Send the `ETag` you last read in `If-Match` to delete only what you saw (else 412).',
    tags: [tag],
    parameters: [ref('parameters', 'IfMatch')],
    responses: {
      '204': emptyResponse('Deleted. No body.'),
      '400': ref('responses', 'MalformedRequest'),
      '404': notFound(item, errors.notFound),
      '409': conflict(descriptions.deleteConflict, item, errors.delete),
      '412': ref('responses', 'PreconditionFailed'),
      // A DELETE takes no body, but one sent is parsed (and refused) like any other.
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
    },
  };
  return {
    [collection]: { get: list, post: create },
    [`${collection}/{id}`]: { parameters: [idParameter(singular, docs.exampleId)], get, patch: update, delete: remove },
  };
}

function notFound(instance: string, error: ProblemSource) {
  return problemResponse('No such resource among yours (unknown id, malformed id, or another account’s).', instance, [error], API_HEADERS);
}

function conflict(description: string, instance: string, sources: ProblemSource[], idempotent = false) {
  const all = idempotent ? [...sources, new IdempotencyKeyInUseError()] : sources;
  return problemResponse(description, instance, all, API_HEADERS);
}

type RequestClass = Parameters<typeof requestBodySchema>[0];

export interface ListParameterExamples {
  /** `leagues`: what the status filter's description calls the rows. */
  plural: string;
  statuses: readonly string[];
  /** Two statuses, as a `status` filter's example. */
  someStatuses: [string, string];
  sort: string;
  q: string;
}

/** The list parameters every resource documents alike: page size, cursor, sort, status, game and name search. */
export function resourceListParameterDocs(examples: ListParameterExamples): Record<string, Partial<ParameterObject>> {
  const [one, other] = examples.someStatuses;
  return {
    ...LIST_PARAMETER_DOCS,
    sort: { description: 'Sort field; a leading `-` sorts descending. Ties are broken by id, so pages never skip or repeat rows.', example: examples.sort },
    status: {
      description: `Only ${examples.plural} in one of these statuses, comma-separated (\`status=${one},${other}\`); repeating the parameter (\`status=${one}&status=${other}\`) means the same.`,
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, maxItems: examples.statuses.length, uniqueItems: true, items: { type: 'string', enum: [...examples.statuses] } },
      example: [one, other],
    },
    game: { description: 'Only those whose `game` equals this value.', example: 'Chess' },
    q: { description: 'Only those whose name contains this text, ignoring case.', example: examples.q },
  };
}

/** Fields several resources share, described once. */
export const COMMON_FIELD_DOCS: FieldDocs = {
  name: { description: 'Leading and trailing whitespace is trimmed.' },
  description: { description: 'Free text.' },
  game: { description: 'The sport or video game played.' },
  timezone: { description: 'An IANA time zone name such as `Europe/Berlin`; an unknown zone is 422.' },
  metadata: {},
};

export interface ResourceSchemaDocs {
  schema: string;
  description: string;
  create: RequestClass;
  update: RequestClass;
  fieldDocs: FieldDocs;
  /** Fields only the server sets, besides `id`, `created_at`, `updated_at` and `version`. */
  serverFields: Record<string, SchemaObject>;
  /** What the presenter sends for a resource created with only the required fields: the defaults of a create. */
  createdWithDefaults: Record<string, unknown>;
  example: object;
  patchDescription: string;
}

const instant = (description: string): SchemaObject => ({ type: 'string', format: 'date-time', maxLength: 24, readOnly: true, description });

/** `Thing`, `ThingCreate`, `ThingPatch` and `ThingList`: the resource as sent, and the two request bodies read from their classes. */
export function resourceSchemas(docs: ResourceSchemaDocs): Record<string, SchemaObject> {
  const properties: Record<string, SchemaObject> = {
    id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, readOnly: true },
    ...fieldSchemas(docs.update, docs.fieldDocs),
    metadata: schemaRef('Metadata'),
    ...docs.serverFields,
    created_at: instant('When it was created.'),
    updated_at: instant('When it last changed.'),
    version: { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647, readOnly: true, description: 'Grows by one with every change; the `ETag` is derived from it.' },
  };
  const createDocs: FieldDocs = { ...docs.fieldDocs };
  for (const [field, value] of Object.entries(docs.createdWithDefaults)) {
    if (field in docs.fieldDocs && value !== undefined) createDocs[field] = { ...docs.fieldDocs[field], default: value };
  }
  const create = requestBodySchema(docs.create, createDocs, `A new ${docs.schema.toLowerCase()}: fields left out take the defaults shown. Unknown and read-only fields are 422.`);
  for (const field of create.required ?? []) delete (create.properties![field] as SchemaObject).default;
  return {
    [docs.schema]: { type: 'object', description: docs.description, required: Object.keys(properties), properties, examples: [docs.example] },
    [`${docs.schema}Create`]: create,
    [`${docs.schema}Patch`]: { ...requestBodySchema(docs.update, docs.fieldDocs, ''), description: docs.patchDescription },
    [`${docs.schema}List`]: listSchema(docs.schema, MAX_PAGE_SIZE),
  };
}
