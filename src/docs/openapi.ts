import { PROBLEM_KINDS, ProblemCode, problemDocument } from '../shared/http/problem';
import type {
  ExampleObject,
  HeaderObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  Reference,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from './openapi-types';

/**
 * The OpenAPI 3.1 description of the service: one hand-written document, kept
 * next to the code it describes and checked against the routes the server
 * registers (test/docs.e2e-spec.ts). /api/v1/openapi.json serves it and the
 * /docs page is rendered from it.
 */
export interface OpenApiOptions {
  version: string;
  rateLimitPerMinute: number;
}

/** The seed's steps for getting a token, shared by the document and the /docs page. */
export const TOKEN_STEPS = [
  'Sign up for an account and subscribe to the premium plan (API access requires it).',
  'Open the account settings page.',
  'In the API Token section, choose Generate Token.',
  'Copy the token (it starts with `tlm_`) and store it somewhere safe: it is shown exactly once.',
] as const;

export const TOKEN_NOTES = [
  'A lost token cannot be recovered: generate a new one instead.',
  'Generating a new token invalidates the previous one at once: requests using the old token get 401 `invalid_token`.',
  'The token is a secret: do not share it, commit it or put it in a URL.',
] as const;

export const TOURNAMENT_FORMATS = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all'] as const;
export const PARTICIPANT_TYPES = ['single', 'team'] as const;
export const TOURNAMENT_STATUSES = ['draft', 'registration_open', 'registration_closed', 'in_progress', 'completed', 'cancelled'] as const;
export const LEAGUE_STATUSES = ['draft', 'active', 'completed', 'archived'] as const;
export const TOURNAMENT_SORTS = ['created_at', '-created_at', 'starts_at', '-starts_at', 'name', '-name'] as const;
export const LEAGUE_SORTS = ['created_at', '-created_at', 'starts_on', '-starts_on', 'name', '-name'] as const;

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string): Reference => ({ $ref: `#/components/${kind}/${name}` });
const schemaRef = (name: string, description?: string): SchemaObject => ({ $ref: `#/components/schemas/${name}`, ...(description && { description }) });

const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const EXAMPLE_LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';
const EXAMPLE_REQUEST_ID = '0b3e6f5c-2d41-4c8e-9a57-3f1d2e4c6b80';

// ---------------------------------------------------------------- schemas

const nullableString = (maxLength: number, description: string): SchemaObject => ({ type: ['string', 'null'], maxLength, description });
const instant = (description: string, nullable = true): SchemaObject => ({
  type: nullable ? ['string', 'null'] : 'string',
  format: 'date-time',
  description,
});
const calendarDate = (description: string): SchemaObject => ({ type: ['string', 'null'], format: 'date', description });
const readOnly = (schema: SchemaObject): SchemaObject => ({ ...schema, readOnly: true });

const NAME: SchemaObject = { type: 'string', minLength: 1, maxLength: 100, description: 'Leading and trailing whitespace is trimmed.' };
const DESCRIPTION = nullableString(2000, 'Free text.');
const TIMEZONE: SchemaObject = { type: 'string', description: 'An IANA time zone name such as `Europe/Berlin`; an unknown zone is 422.', examples: ['Europe/Berlin'] };

const RESOURCE_META: Record<string, SchemaObject> = {
  created_at: readOnly(instant('When it was created.', false)),
  updated_at: readOnly(instant('When it last changed.', false)),
  version: readOnly({ type: 'integer', minimum: 1, description: 'Grows by one with every change; the `ETag` is derived from it.' }),
};

function tournamentFields(mode: 'resource' | 'create' | 'patch'): Record<string, SchemaObject> {
  const create = mode === 'create';
  return {
    ...(mode === 'resource' && { id: readOnly({ type: 'string', format: 'uuid' }) }),
    name: NAME,
    description: DESCRIPTION,
    game: nullableString(100, 'The sport or video game played.'),
    format: schemaRef('TournamentFormat'),
    participant_type: { ...schemaRef('ParticipantType'), ...(create && { default: 'single' }) },
    max_participants: { type: ['integer', 'null'], minimum: 2, maximum: 1024, description: '`null` means no cap.' },
    status: create
      ? { type: 'string', enum: ['draft', 'registration_open'], default: 'draft', description: 'A tournament starts as `draft` unless `registration_open` is given.' }
      : schemaRef('TournamentStatus', mode === 'patch' ? 'Changing it makes a state transition; an illegal one is 409 `invalid_state_transition`.' : undefined),
    timezone: { ...TIMEZONE, ...(create && { default: 'UTC' }) },
    starts_at: instant('When play starts.'),
    ends_at: instant('When play ends; not before `starts_at`.'),
    league_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The league it belongs to: one of your own (else 422 on `/league_id`) that is `draft` or `active` (else 409 `league_closed`).',
    },
    metadata: schemaRef(mode === 'patch' ? 'MetadataPatch' : 'Metadata', create ? 'Defaults to `{}`.' : undefined),
    ...(mode === 'resource' && {
      started_at: readOnly(instant('Set when the tournament moves to `in_progress`.')),
      completed_at: readOnly(instant('Set when the tournament moves to `completed`.')),
      ...RESOURCE_META,
    }),
  };
}

function leagueFields(mode: 'resource' | 'create' | 'patch'): Record<string, SchemaObject> {
  const create = mode === 'create';
  return {
    ...(mode === 'resource' && { id: readOnly({ type: 'string', format: 'uuid' }) }),
    name: NAME,
    description: DESCRIPTION,
    game: nullableString(100, 'The sport or video game played.'),
    season: nullableString(50, 'A label such as `2026 Spring`.'),
    status: create
      ? { type: 'string', enum: ['draft', 'active'], default: 'draft', description: 'A league starts as `draft` unless `active` is given.' }
      : schemaRef('LeagueStatus', mode === 'patch' ? 'Changing it makes a state transition; an illegal one is 409 `invalid_state_transition`.' : undefined),
    timezone: { ...TIMEZONE, ...(create && { default: 'UTC' }) },
    starts_on: calendarDate('The first day of the league.'),
    ends_on: calendarDate('The last day of the league; not before `starts_on`.'),
    metadata: schemaRef(mode === 'patch' ? 'MetadataPatch' : 'Metadata', create ? 'Defaults to `{}`.' : undefined),
    ...(mode === 'resource' && {
      tournament_count: readOnly({ type: 'integer', minimum: 0, description: 'How many tournaments reference this league.' }),
      ...RESOURCE_META,
    }),
  };
}

const EXAMPLE_TOURNAMENT = {
  id: EXAMPLE_TOURNAMENT_ID,
  name: 'Spring Cup',
  description: 'Open 1v1 bracket.',
  game: 'Chess',
  format: 'single_elimination',
  participant_type: 'single',
  max_participants: 64,
  status: 'registration_open',
  timezone: 'Europe/Berlin',
  starts_at: '2026-05-01T18:00:00.000Z',
  ends_at: '2026-05-01T22:00:00.000Z',
  league_id: EXAMPLE_LEAGUE_ID,
  metadata: { external_ref: 'evt-2026-041' },
  started_at: null,
  completed_at: null,
  created_at: '2026-04-02T09:15:00.000Z',
  updated_at: '2026-04-03T10:00:00.000Z',
  version: 2,
};

const EXAMPLE_LEAGUE = {
  id: EXAMPLE_LEAGUE_ID,
  name: 'City Chess League',
  description: null,
  game: 'Chess',
  season: '2026 Spring',
  status: 'active',
  timezone: 'Europe/Berlin',
  starts_on: '2026-03-01',
  ends_on: '2026-06-30',
  metadata: {},
  tournament_count: 3,
  created_at: '2026-02-10T08:00:00.000Z',
  updated_at: '2026-03-01T07:00:00.000Z',
  version: 4,
};

function listSchema(item: string): SchemaObject {
  return {
    type: 'object',
    description: `One page of ${item} resources.`,
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', items: schemaRef(item) },
      next_cursor: {
        type: ['string', 'null'],
        description: 'Pass it as `cursor` to get the next page (with the same filters and sort); `null` on the last page.',
      },
    },
  };
}

function schemas(): Record<string, SchemaObject> {
  return {
    Tournament: {
      type: 'object',
      description: 'A competition, optionally part of a league.',
      required: Object.keys(tournamentFields('resource')),
      properties: tournamentFields('resource'),
      examples: [EXAMPLE_TOURNAMENT],
    },
    TournamentCreate: {
      type: 'object',
      description: 'The body of `POST /api/v1/tournaments`. Unknown and read-only fields are 422.',
      required: ['name', 'format'],
      additionalProperties: false,
      properties: tournamentFields('create'),
      examples: [{ name: 'Spring Cup', format: 'single_elimination', starts_at: '2026-05-01T18:00:00.000Z', league_id: EXAMPLE_LEAGUE_ID }],
    },
    TournamentPatch: {
      type: 'object',
      description:
        'A JSON merge patch (RFC 7396): absent fields stay unchanged, `null` clears an optional field. ' +
        'From `in_progress` on, only `name`, `description`, `metadata` and `status` may change (409 `field_locked`).',
      additionalProperties: false,
      properties: tournamentFields('patch'),
      examples: [{ status: 'registration_open', max_participants: null }],
    },
    TournamentList: listSchema('Tournament'),
    TournamentFormat: { type: 'string', enum: TOURNAMENT_FORMATS, description: 'How the tournament is played.' },
    ParticipantType: { type: 'string', enum: PARTICIPANT_TYPES, description: 'Whether entrants are single players or teams.' },
    TournamentStatus: {
      type: 'string',
      enum: TOURNAMENT_STATUSES,
      description:
        'Transitions: `draft → registration_open → registration_closed → in_progress → completed`, ' +
        'plus `registration_open → draft`, `registration_closed → registration_open`, `draft → in_progress`, ' +
        'and `cancelled` from any state that is not terminal. `completed` and `cancelled` are terminal.',
    },
    League: {
      type: 'object',
      description: 'A group of tournaments, such as a season and its playoffs.',
      required: Object.keys(leagueFields('resource')),
      properties: leagueFields('resource'),
      examples: [EXAMPLE_LEAGUE],
    },
    LeagueCreate: {
      type: 'object',
      description: 'The body of `POST /api/v1/leagues`. Unknown and read-only fields are 422.',
      required: ['name'],
      additionalProperties: false,
      properties: leagueFields('create'),
      examples: [{ name: 'City Chess League', season: '2026 Spring', starts_on: '2026-03-01', ends_on: '2026-06-30' }],
    },
    LeaguePatch: {
      type: 'object',
      description: 'A JSON merge patch (RFC 7396): absent fields stay unchanged, `null` clears an optional field.',
      additionalProperties: false,
      properties: leagueFields('patch'),
      examples: [{ status: 'active', season: null }],
    },
    LeagueList: listSchema('League'),
    LeagueStatus: {
      type: 'string',
      enum: LEAGUE_STATUSES,
      description: 'Transitions: `draft → active → completed → archived`, plus `draft → archived`.',
    },
    Metadata: {
      type: 'object',
      description: 'Your own references, string to string: at most 20 keys of 1–40 characters, values of up to 500 characters.',
      maxProperties: 20,
      propertyNames: { type: 'string', minLength: 1, maxLength: 40 },
      additionalProperties: { type: 'string', maxLength: 500 },
      examples: [{ external_ref: 'evt-2026-041' }],
    },
    MetadataPatch: {
      type: ['object', 'null'],
      description:
        'Merged into the current metadata (RFC 7396): a key set to `null` is removed, other keys are added or replaced; ' +
        '`null` for the whole object removes every key. The result may have at most 20 keys.',
      propertyNames: { type: 'string', minLength: 1, maxLength: 40 },
      additionalProperties: { type: ['string', 'null'], maxLength: 500 },
      examples: [{ external_ref: 'evt-2026-042', old_ref: null }],
    },
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details: the body of every 4xx and 5xx response, sent as `application/problem+json`.',
      required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'],
      properties: {
        type: { type: 'string', format: 'uri-reference', description: 'Identifies the kind of problem; resolves to its entry on /docs.', examples: ['/docs#problem-not_found'] },
        title: { type: 'string', description: 'Short summary of the kind; the same for every occurrence.' },
        status: { type: 'integer', minimum: 400, maximum: 599, description: 'Equal to the HTTP status code.' },
        detail: { type: 'string', description: 'What went wrong this time, for humans.' },
        instance: { type: 'string', format: 'uri-reference', description: 'The request path.' },
        code: { type: 'string', enum: Object.keys(PROBLEM_KINDS), description: 'Stable machine-readable code; switch on this. Each is explained at `/docs#problem-<code>`.' },
        request_id: { type: 'string', description: 'Equal to the `X-Request-Id` response header; quote it when reporting a problem.' },
        errors: {
          type: 'array',
          description: '`validation_failed`: one entry per bad body field (`pointer`). `invalid_parameter`: one entry per bad query parameter (`parameter`).',
          items: { oneOf: [schemaRef('FieldError'), schemaRef('ParameterError')] },
        },
        allowed_transitions: {
          type: 'array',
          items: { type: 'string' },
          description: '`invalid_state_transition` only: the statuses reachable from the current one (empty when it is final).',
        },
        current_status: { type: 'string', description: '`invalid_state_transition` only: the resource’s status now.' },
        requested_status: { type: 'string', description: '`invalid_state_transition` on PATCH only: the status asked for.' },
        locked_fields: { type: 'array', items: { type: 'string' }, description: '`field_locked` only: the fields that can no longer change.' },
        league_status: schemaRef('LeagueStatus', '`league_closed` only: the status of the league named by `league_id`.'),
      },
    },
    FieldError: {
      type: 'object',
      required: ['pointer', 'detail'],
      properties: {
        pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) to the field in the request body; `""` is the body itself.', examples: ['/starts_at'] },
        detail: { type: 'string' },
      },
    },
    ParameterError: {
      type: 'object',
      required: ['parameter', 'detail'],
      properties: {
        parameter: { type: 'string', description: 'The query parameter’s name.', examples: ['limit'] },
        detail: { type: 'string' },
      },
    },
    HealthLive: {
      type: 'object',
      required: ['status'],
      properties: { status: { const: 'ok' } },
    },
    HealthReady: {
      type: 'object',
      required: ['status', 'checks'],
      properties: {
        status: { const: 'ok' },
        checks: {
          type: 'object',
          required: ['database', 'migrations'],
          properties: { database: { const: 'ok' }, migrations: { const: 'ok' } },
        },
      },
    },
  };
}

// ---------------------------------------------------------------- headers and parameters

function headers(rateLimitPerMinute: number): Record<string, HeaderObject> {
  const integer: SchemaObject = { type: 'integer', minimum: 0 };
  return {
    'X-Request-Id': {
      description: 'Identifies the request in our logs. Echoes the client’s `X-Request-Id` when it is 1–128 characters of `A-Za-z0-9._:-`; generated otherwise.',
      required: true,
      schema: { type: 'string' },
    },
    'RateLimit-Policy': {
      description: 'The rate-limit policy (IETF httpapi ratelimit-headers draft): quota `q` per window `w` seconds.',
      schema: { type: 'string' },
      example: `"default";q=${rateLimitPerMinute};w=60`,
    },
    RateLimit: {
      description: 'Requests `r` remaining in the current window, which resets in `t` seconds.',
      schema: { type: 'string' },
      example: `"default";r=${rateLimitPerMinute - 1};t=60`,
    },
    'X-RateLimit-Limit': { description: 'Requests allowed per minute.', schema: integer, example: rateLimitPerMinute },
    'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: integer, example: rateLimitPerMinute - 1 },
    'X-RateLimit-Reset': { description: 'Seconds until the window resets.', schema: integer, example: 60 },
    'Retry-After': { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 }, example: 5 },
    ETag: {
      description: 'A strong entity tag derived from the resource’s `version` (`"v3"`; for a league also its `tournament_count`: `"v3.2"`). Send it back in `If-Match` (writes, which compare the version) or `If-None-Match` (reads).',
      required: true,
      schema: { type: 'string' },
      example: '"v3"',
    },
    Location: { description: 'The path of the created resource.', required: true, schema: { type: 'string', format: 'uri-reference' } },
    'Idempotent-Replayed': {
      description: 'Present, with the value `true`, when this is the stored response to an earlier request with the same `Idempotency-Key`; nothing new was created.',
      schema: { type: 'string', enum: ['true'] },
    },
    Link: {
      description: 'Present when there is a next page: `<…?cursor=…>; rel="next"`, the same query with `cursor` set.',
      schema: { type: 'string' },
      example: '</api/v1/tournaments?limit=20&cursor=eyJ2IjoxfQ>; rel="next"',
    },
    'WWW-Authenticate': {
      description: '`Bearer realm="api"` when no token was sent; `Bearer realm="api", error="invalid_token"` when the token is unknown, malformed, revoked or replaced.',
      required: true,
      schema: { type: 'string' },
    },
    Allow: { description: 'The methods the path does accept.', required: true, schema: { type: 'string' }, example: 'GET, HEAD' },
  };
}

function listFilter(name: string, description: string, schema: SchemaObject = { type: 'string' }): ParameterObject {
  return { name, in: 'query', description, schema };
}

function parameters(): Record<string, ParameterObject> {
  const id = (what: string): ParameterObject => ({
    name: 'id',
    in: 'path',
    required: true,
    description: `The ${what}’s id. A malformed id is 404, like an unknown one or another account’s.`,
    schema: { type: 'string', format: 'uuid' },
  });
  const sort = (values: readonly string[]): ParameterObject => ({
    name: 'sort',
    in: 'query',
    description: 'Sort field; a leading `-` sorts descending. Ties are broken by id, so pages never skip or repeat rows.',
    schema: { type: 'string', enum: values, default: '-created_at' },
  });
  return {
    TournamentId: id('tournament'),
    LeagueId: id('league'),
    Limit: { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    Cursor: {
      name: 'cursor',
      in: 'query',
      description: 'The `next_cursor` of the previous page. Keep the other parameters unchanged: a cursor from another query, or a forged one, is 400.',
      schema: { type: 'string', minLength: 1, maxLength: 1000 },
    },
    TournamentSort: sort(TOURNAMENT_SORTS),
    LeagueSort: sort(LEAGUE_SORTS),
    TournamentStatusFilter: {
      name: 'status',
      in: 'query',
      description: 'Only tournaments in one of these statuses (comma-separated, e.g. `draft,registration_open`).',
      schema: { type: 'array', items: schemaRef('TournamentStatus'), minItems: 1 },
      style: 'form',
      explode: false,
    },
    FormatFilter: listFilter('format', 'Only tournaments of this format.', schemaRef('TournamentFormat')),
    LeagueIdFilter: listFilter('league_id', 'Only tournaments of this league.', { type: 'string', format: 'uuid' }),
    GameFilter: listFilter('game', 'Only those whose `game` equals this value.', { type: 'string', minLength: 1, maxLength: 100 }),
    NameSearch: listFilter('q', 'Only those whose name contains this text, ignoring case.', { type: 'string', minLength: 1, maxLength: 100 }),
    StartsAfter: listFilter('starts_after', 'Only tournaments whose `starts_at` is at or after this instant.', { type: 'string', format: 'date-time' }),
    StartsBefore: listFilter('starts_before', 'Only tournaments whose `starts_at` is strictly before this instant.', { type: 'string', format: 'date-time' }),
    LeagueStatusFilter: {
      name: 'status',
      in: 'query',
      description: 'Only leagues in one of these statuses (comma-separated, e.g. `draft,active`).',
      schema: { type: 'array', items: schemaRef('LeagueStatus'), minItems: 1 },
      style: 'form',
      explode: false,
    },
    SeasonFilter: listFilter('season', 'Only leagues whose `season` equals this value.', { type: 'string', minLength: 1, maxLength: 50 }),
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      description:
        'Makes a create safe to retry: 1–255 visible ASCII characters (else 400), such as a UUID. For 24 hours per account, a retry with the same key and body returns the first response ' +
        '(with `Idempotent-Replayed: true`) and creates nothing; the same key with another body is 422 `idempotency_key_reused`; ' +
        'a retry while the first request is still running is 409 `idempotency_key_in_use`.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      example: '6f1c7a52-3b0e-4c1e-9d7a-2f8e5b4c3a10',
    },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      description: 'The `ETag` you last read. The write happens only if the resource has not changed since; otherwise 412. Without it, the write applies to the current version.',
      schema: { type: 'string' },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      description: 'The `ETag` you hold. If it is still current, the answer is 304 with no body.',
      schema: { type: 'string' },
    },
  };
}

// ---------------------------------------------------------------- responses

/** Headers on every /api/v1 response. */
const API_HEADERS: Record<string, Reference> = Object.fromEntries(
  ['X-Request-Id', 'RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => [name, ref('headers', name)]),
);
const headerRefs = (...names: string[]): Record<string, Reference> => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

type ProblemExample = [code: ProblemCode, detail: string, extensions?: Record<string, unknown>];

/** A problem+json response; its examples (one per code it can carry) come from the same builder the server uses. */
function problemResponse(description: string, instance: string, examples: ProblemExample[], headerSet: Record<string, Reference> = API_HEADERS): ResponseObject {
  const exampleObjects: Record<string, ExampleObject> = {};
  for (const [code, detail, extensions] of examples) {
    exampleObjects[code] = { summary: PROBLEM_KINDS[code].title, value: problemDocument({ code, detail, extensions }, instance, EXAMPLE_REQUEST_ID) };
  }
  return { description, headers: headerSet, content: { 'application/problem+json': { schema: schemaRef('Problem'), examples: exampleObjects } } };
}

function jsonResponse(description: string, schema: string, headerSet: Record<string, Reference>): ResponseObject {
  return { description, headers: headerSet, content: { 'application/json': { schema: schemaRef(schema) } } };
}

const TOURNAMENT_PATH = `/api/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}`;

function responses(rateLimitPerMinute: number): Record<string, ResponseObject> {
  return {
    MalformedRequest: problemResponse('The body is not valid JSON, or a header such as `Idempotency-Key` is malformed.', '/api/v1/tournaments', [['malformed_request', 'The request body is not valid JSON.']]),
    InvalidParameter: problemResponse('A query parameter is unknown, out of range or malformed, or the cursor is not valid for this query.', '/api/v1/tournaments', [
      [
        'invalid_parameter',
        'One or more query parameters are not valid.',
        { errors: [{ parameter: 'limit', detail: 'limit must not be greater than 100' }] },
      ],
    ]),
    Unauthenticated: problemResponse(
      'No token, or a token that is unknown, malformed, revoked or replaced by a newer one.',
      '/api/v1/tournaments',
      [
        ['unauthenticated', 'Send your API token in the Authorization header: "Authorization: Bearer <API_TOKEN>".'],
        ['invalid_token', 'The API token is not valid. It may have been mistyped, revoked or replaced by a newer one.'],
      ],
      { ...headerRefs('WWW-Authenticate'), ...API_HEADERS },
    ),
    SubscriptionRequired: problemResponse('The token is valid but its account is not on the premium plan.', '/api/v1/tournaments', [
      ['subscription_required', 'API access needs the premium plan. Subscribe on your account settings page, then retry.'],
    ]),
    NotFound: problemResponse('No such resource among yours (unknown id, malformed id, or another account’s).', TOURNAMENT_PATH, [
      ['not_found', 'The tournament was not found.'],
    ]),
    MethodNotAllowed: problemResponse(
      'The path exists but does not accept this method. Any path of this API answers so; `Allow` lists the methods it accepts.',
      TOURNAMENT_PATH,
      [['method_not_allowed', 'PUT is not supported here. Allowed: DELETE, GET, HEAD, PATCH.']],
      { ...headerRefs('Allow'), ...API_HEADERS },
    ),
    PreconditionFailed: problemResponse('`If-Match` does not match the current `ETag`: the resource changed since you read it.', TOURNAMENT_PATH, [
      ['precondition_failed', 'The resource has changed since you last read it; fetch it again and retry.'],
    ]),
    PayloadTooLarge: problemResponse('The body is larger than 64 KiB.', '/api/v1/tournaments', [
      ['payload_too_large', 'The request body is larger than the 64 KiB limit.'],
    ]),
    UnsupportedMediaType: problemResponse('The body is not sent as `application/json` (PATCH also accepts `application/merge-patch+json`).', '/api/v1/tournaments', [
      ['unsupported_media_type', 'Send the body as application/json (PATCH also accepts application/merge-patch+json).'],
    ]),
    ValidationFailed: problemResponse('The body breaks a rule; `errors` lists every offending field by JSON Pointer.', '/api/v1/tournaments', [
      [
        'validation_failed',
        'The request body is not valid.',
        { errors: [{ pointer: '/ends_at', detail: 'ends_at must not be before starts_at.' }, { pointer: '/id', detail: 'id is read-only.' }] },
      ],
    ]),
    RateLimited: problemResponse(
      `More than ${rateLimitPerMinute} requests in a minute from this account (or, for requests that fail authentication, from this address).`,
      '/api/v1/tournaments',
      [['rate_limited', 'Too many requests. Retry after the number of seconds in Retry-After.']],
      { ...headerRefs('Retry-After'), ...API_HEADERS },
    ),
    InternalError: problemResponse('Something failed on our side; the body carries no internals. Quote `request_id` when reporting it.', '/api/v1/tournaments', [
      ['internal_error', 'Something went wrong on our side. The request id identifies it in our logs.'],
    ]),
    ServiceUnavailable: problemResponse('The database cannot be reached right now.', '/api/v1/tournaments', [
      ['service_unavailable', 'The service is temporarily unable to reach its database. Retry shortly.'],
    ], { ...headerRefs('Retry-After'), ...API_HEADERS }),
    NotReady: problemResponse(
      'The database is unreachable or has pending migrations.',
      '/health/ready',
      [['service_unavailable', 'The database is not reachable.']],
      headerRefs('X-Request-Id', 'Retry-After'),
    ),
  };
}

/** Every authenticated operation can answer these. */
function withCommonErrors(specific: Record<string, ResponseObject | Reference>): Record<string, ResponseObject | Reference> {
  return {
    ...specific,
    '401': ref('responses', 'Unauthenticated'),
    '403': ref('responses', 'SubscriptionRequired'),
    '429': ref('responses', 'RateLimited'),
    '500': ref('responses', 'InternalError'),
    '503': ref('responses', 'ServiceUnavailable'),
  };
}

// ---------------------------------------------------------------- operations

interface ResourceNames {
  /** `Tournament` */
  schema: string;
  /** `tournament` */
  singular: string;
  /** `tournaments` */
  plural: string;
  tag: string;
  listParameters: Reference[];
  /** Extra 409s of POST besides idempotency_key_in_use. */
  createConflicts: ProblemExample[];
  patchConflicts: ProblemExample[];
  deleteConflicts: ProblemExample[];
  deleteConflictDescription: string;
}

const IDEMPOTENCY_IN_USE: ProblemExample = [
  'idempotency_key_in_use',
  'A request with this Idempotency-Key is still being processed. Retry when it has finished.',
];
const LEAGUE_CLOSED: ProblemExample = ['league_closed', 'The league is completed; only draft or active leagues accept tournaments.', { league_status: 'completed' }];
const CONCURRENT_WRITES = (what: string): ProblemExample => ['conflict', `The ${what} is being changed by other requests. Retry.`];

function jsonBody(schema: string, description: string, mergePatch = false): RequestBodyObject {
  const media = { schema: schemaRef(schema) };
  return {
    description,
    required: true,
    content: mergePatch ? { 'application/json': media, 'application/merge-patch+json': media } : { 'application/json': media },
  };
}

function collectionOperations(names: ResourceNames): { get: OperationObject; post: OperationObject } {
  const collection = `/api/v1/${names.plural}`;
  return {
    get: {
      operationId: `list${names.schema}s`,
      summary: `List ${names.plural}`,
      description: `Your ${names.plural}, one page at a time (keyset pagination: deep pages cost the same as the first). Unknown query parameters are 400.`,
      tags: [names.tag],
      parameters: names.listParameters,
      responses: withCommonErrors({
        '200': jsonResponse('A page of results.', `${names.schema}List`, { ...headerRefs('Link'), ...API_HEADERS }),
        '400': ref('responses', 'InvalidParameter'),
      }),
    },
    post: {
      operationId: `create${names.schema}`,
      summary: `Create a ${names.singular}`,
      tags: [names.tag],
      parameters: [ref('parameters', 'IdempotencyKey')],
      requestBody: jsonBody(`${names.schema}Create`, `The new ${names.singular}.`),
      responses: withCommonErrors({
        '201': jsonResponse(`Created; the body is the new ${names.singular}.`, names.schema, {
          ...headerRefs('Location', 'ETag', 'Idempotent-Replayed'),
          ...API_HEADERS,
        }),
        '400': ref('responses', 'MalformedRequest'),
        '409': problemResponse(
          names.createConflicts.length > 0
            ? 'The league named by `league_id` no longer accepts tournaments, or a request with the same `Idempotency-Key` is still running.'
            : 'A request with the same `Idempotency-Key` is still running.',
          collection,
          [...names.createConflicts, IDEMPOTENCY_IN_USE],
        ),
        '413': ref('responses', 'PayloadTooLarge'),
        '415': ref('responses', 'UnsupportedMediaType'),
        '422': problemResponse('The body breaks a rule (`validation_failed`), or the `Idempotency-Key` was used before with another body.', collection, [
          ['validation_failed', 'The request body is not valid.', { errors: [{ pointer: '/name', detail: 'name must be longer than or equal to 1 characters' }] }],
          ['idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.'],
        ]),
      }),
    },
  };
}

function itemOperations(names: ResourceNames): { get: OperationObject; patch: OperationObject; delete: OperationObject } {
  const item = `/api/v1/${names.plural}/${names.singular === 'tournament' ? EXAMPLE_TOURNAMENT_ID : EXAMPLE_LEAGUE_ID}`;
  const withEtag = { ...headerRefs('ETag'), ...API_HEADERS };
  return {
    get: {
      operationId: `get${names.schema}`,
      summary: `Get one ${names.singular}`,
      tags: [names.tag],
      parameters: [ref('parameters', 'IfNoneMatch')],
      responses: withCommonErrors({
        '200': jsonResponse(`The ${names.singular}.`, names.schema, withEtag),
        '304': { description: '`If-None-Match` matched: your copy is current. No body.', headers: withEtag },
        '404': ref('responses', 'NotFound'),
      }),
    },
    patch: {
      operationId: `update${names.schema}`,
      summary: `Update a ${names.singular} (JSON merge patch)`,
      description: 'Send only the fields to change; `null` clears an optional field. A status change is a state transition.',
      tags: [names.tag],
      parameters: [ref('parameters', 'IfMatch')],
      requestBody: jsonBody(`${names.schema}Patch`, 'The changes, as a JSON merge patch (RFC 7396).', true),
      responses: withCommonErrors({
        '200': jsonResponse(`Updated; the body is the ${names.singular} as it is now.`, names.schema, withEtag),
        '400': ref('responses', 'MalformedRequest'),
        '404': ref('responses', 'NotFound'),
        '409': problemResponse('The change is not allowed in the current state, or other requests kept changing the resource.', item, names.patchConflicts),
        '412': ref('responses', 'PreconditionFailed'),
        '413': ref('responses', 'PayloadTooLarge'),
        '415': ref('responses', 'UnsupportedMediaType'),
        '422': ref('responses', 'ValidationFailed'),
      }),
    },
    delete: {
      operationId: `delete${names.schema}`,
      summary: `Delete a ${names.singular}`,
      tags: [names.tag],
      parameters: [ref('parameters', 'IfMatch')],
      responses: withCommonErrors({
        '204': { description: 'Deleted. No body.', headers: API_HEADERS },
        '404': ref('responses', 'NotFound'),
        '409': problemResponse(names.deleteConflictDescription, item, names.deleteConflicts),
        '412': ref('responses', 'PreconditionFailed'),
      }),
    },
  };
}

const TOURNAMENTS: ResourceNames = {
  schema: 'Tournament',
  singular: 'tournament',
  plural: 'tournaments',
  tag: 'Tournaments',
  listParameters: [
    'Limit',
    'Cursor',
    'TournamentSort',
    'TournamentStatusFilter',
    'FormatFilter',
    'LeagueIdFilter',
    'GameFilter',
    'NameSearch',
    'StartsAfter',
    'StartsBefore',
  ].map((name) => ref('parameters', name)),
  createConflicts: [LEAGUE_CLOSED],
  patchConflicts: [
    [
      'invalid_state_transition',
      'A registration_open tournament cannot move to completed. Allowed: draft, registration_closed, cancelled.',
      { current_status: 'registration_open', requested_status: 'completed', allowed_transitions: ['draft', 'registration_closed', 'cancelled'] },
    ],
    ['field_locked', 'format cannot change once a tournament is in_progress. Only name, description, metadata and status can.', { locked_fields: ['format'] }],
    LEAGUE_CLOSED,
    CONCURRENT_WRITES('tournament'),
  ],
  deleteConflicts: [
    [
      'invalid_state_transition',
      'An in_progress tournament cannot be deleted. Cancel it first (PATCH status to cancelled).',
      { current_status: 'in_progress', allowed_transitions: ['completed', 'cancelled'] },
    ],
    CONCURRENT_WRITES('tournament'),
  ],
  deleteConflictDescription: 'The tournament is `in_progress` (cancel it first), or other requests kept changing it.',
};

const LEAGUES: ResourceNames = {
  schema: 'League',
  singular: 'league',
  plural: 'leagues',
  tag: 'Leagues',
  listParameters: ['Limit', 'Cursor', 'LeagueSort', 'LeagueStatusFilter', 'GameFilter', 'SeasonFilter', 'NameSearch'].map((name) => ref('parameters', name)),
  createConflicts: [],
  patchConflicts: [
    [
      'invalid_state_transition',
      'An archived league cannot change status; it is final.',
      { current_status: 'archived', requested_status: 'active', allowed_transitions: [] },
    ],
    CONCURRENT_WRITES('league'),
  ],
  deleteConflicts: [
    ['league_not_empty', 'The league still has 3 tournaments. Detach or delete them first; nothing is deleted implicitly.'],
    CONCURRENT_WRITES('league'),
  ],
  deleteConflictDescription: 'Tournaments still reference the league (nothing is ever deleted implicitly), or other requests kept changing it.',
};

function publicOperation(operation: Omit<OperationObject, 'security'>): OperationObject {
  return { ...operation, security: [] };
}

function paths(): OpenApiDocument['paths'] {
  const xRequestId = headerRefs('X-Request-Id');
  return {
    '/api/v1/tournaments': collectionOperations(TOURNAMENTS),
    '/api/v1/tournaments/{id}': { parameters: [ref('parameters', 'TournamentId')], ...itemOperations(TOURNAMENTS) },
    '/api/v1/leagues': collectionOperations(LEAGUES),
    '/api/v1/leagues/{id}': { parameters: [ref('parameters', 'LeagueId')], ...itemOperations(LEAGUES) },
    '/health/live': {
      get: publicOperation({
        operationId: 'getLiveness',
        summary: 'Liveness probe',
        description: 'The process is up and serving HTTP. No token needed; not rate limited.',
        tags: ['Health'],
        responses: { '200': jsonResponse('Alive.', 'HealthLive', xRequestId) },
      }),
    },
    '/health/ready': {
      get: publicOperation({
        operationId: 'getReadiness',
        summary: 'Readiness probe',
        description: 'The database answers and its migrations are applied. No token needed; not rate limited.',
        tags: ['Health'],
        responses: { '200': jsonResponse('Ready to serve.', 'HealthReady', xRequestId), '503': ref('responses', 'NotReady') },
      }),
    },
    '/api/v1/openapi.json': {
      get: publicOperation({
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI document',
        description: 'No token needed; not rate limited.',
        tags: ['Documentation'],
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: xRequestId,
            content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
          },
        },
      }),
    },
    '/docs': {
      get: publicOperation({
        operationId: 'getDocs',
        summary: 'Human-readable documentation',
        description: 'This document rendered as one self-contained HTML page. No token needed; not rate limited.',
        tags: ['Documentation'],
        responses: {
          '200': { description: 'The documentation page.', headers: xRequestId, content: { 'text/html': { schema: { type: 'string' } } } },
        },
      }),
    },
  };
}

// ---------------------------------------------------------------- the document

function description(rateLimitPerMinute: number): string {
  return [
    'List, read, create, update and delete your tournaments and leagues.',
    '**API access requires the premium plan.** Every request under `/api/v1` carries your API token as a bearer token ' +
      '(`Authorization: Bearer <API_TOKEN>`) and `Content-Type: application/json`.',
    'To get a token:',
    TOKEN_STEPS.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    TOKEN_NOTES.join(' '),
    `Each account may make ${rateLimitPerMinute} requests per minute. Errors are RFC 9457 problem details; ` +
      'their `type` links to an explanation on the human documentation at `/docs`.',
  ].join('\n\n');
}

export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Tournament and League Management API', version: options.version, description: description(options.rateLimitPerMinute) },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Tournaments', description: 'Competitions. A tournament may belong to one league (`league_id`).' },
      { name: 'Leagues', description: 'Groups of tournaments, such as a season’s events and its playoffs.' },
      { name: 'Health', description: 'Probes for the orchestrator. No token needed; not rate limited.' },
      { name: 'Documentation', description: 'This document and its HTML rendering. No token needed; not rate limited.' },
    ],
    paths: paths(),
    components: {
      schemas: schemas(),
      responses: responses(options.rateLimitPerMinute),
      parameters: parameters(),
      headers: headers(options.rateLimitPerMinute),
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
    },
  };
}
