import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { InvalidError } from '../kernel/domain-error';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { queryParameters, requestBodySchema } from '../platform/openapi/request-schema';
import { MAX_ATTEMPTS } from './domain/retry-schedule';
import { MAX_ENDPOINTS_PER_ACCOUNT, MAX_PENDING_DELIVERIES, TEST_EVENT_TYPE } from './domain/webhook-endpoint';
import { DeliveryNotFoundError, WebhookDisabledError, WebhookLimitReachedError, WebhookNotFoundError, WebhookQueueFullError } from './domain/webhook-errors';
import { ListDeliveriesQuery } from './dto/deliveries.query';
import { CreateWebhookDto, ReplayWebhookDto, UpdateWebhookDto } from './dto/webhook-body.dto';
import { MAX_REPLAY } from './webhooks.service';
import './webhooks.problems';

const tag = ['Webhooks'];
const ID = '0196a0f1-2b3c-7d4e-8f5a-6b7c8d9e0f1a';
const DELIVERY_ID = '0196a0f2-3c4d-7e5f-9a6b-7c8d9e0f1a2b';
const PATH = `/api/v1/webhooks/${ID}`;
const instant: SchemaObject = { type: 'string', format: 'date-time', maxLength: 24 };
const nullableInstant: SchemaObject = { type: ['string', 'null'], format: 'date-time', maxLength: 24 };
const uuid: SchemaObject = { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 };

const EXAMPLE = {
  id: ID,
  url: 'https://example.com/webhooks/tournaments',
  description: 'Results to our CRM',
  event_types: ['match.reported', 'standings.changed'],
  tournament_id: null,
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-05-01T18:42:10.512Z',
  updated_at: '2026-05-01T18:42:10.512Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5yJ1v2TkHzQ=';
const EXAMPLE_DELIVERY = {
  id: DELIVERY_ID,
  event_id: '0196a0e2-7f80-7a91-8b2c-3d4e5f6a7b8c',
  event_type: 'match.reported',
  sequence: 42,
  status: 'pending',
  attempts: 1,
  next_attempt_at: '2026-05-01T18:42:15.600Z',
  last_attempt_at: '2026-05-01T18:42:10.530Z',
  last_status_code: 500,
  last_response_body: 'Internal Server Error',
  last_error: 'answered 500',
  last_duration_ms: 41,
  created_at: '2026-05-01T18:42:10.520Z',
};

/** `eventTypes`: the names of every module's event types. */
const fieldDocs = (eventTypes: readonly string[]) => ({
  url: { description: 'Where the POSTs go: https (plain http only to hosts the operator lists in WEBHOOK_ALLOW_HOSTS), no credentials, not a private, loopback or link-local address.', format: 'uri', example: EXAMPLE.url },
  event_types: { description: `The types to send, or \`["*"]\` for every type (the default): ${eventTypes.map((t) => `\`${t}\``).join(', ')}.`, example: EXAMPLE.event_types },
  tournament_id: { description: 'Only events of this tournament (its participants and matches included).' },
  description: { description: 'A note for you.' },
  enabled: { description: 'false pauses deliveries (kept for when it is enabled again); true again sends the events from then on (replay the gap).' },
});

const notFound = problemResponse('No such webhook endpoint among yours (unknown id, malformed id, or another account’s).', PATH, [new WebhookNotFoundError()], API_HEADERS);
const invalid = problemResponse('A field breaks a rule; `errors` points at each.', '/api/v1/webhooks', [InvalidError.field('/url', 'must use https.')], API_HEADERS);
const disabled = problemResponse('The endpoint is disabled.', PATH, [new WebhookDisabledError()], API_HEADERS);
const disabledOrFull = (path: string) =>
  problemResponse(
    `The endpoint is disabled, or already has ${MAX_PENDING_DELIVERIES} deliveries waiting (\`webhook_queue_full\`: send again once they are delivered).`,
    path,
    [new WebhookDisabledError(), new WebhookQueueFullError()],
    API_HEADERS,
  );

function endpointSchema(withSecret: boolean, eventTypes: readonly string[]): SchemaObject {
  const properties: Record<string, SchemaObject> = {
    id: uuid,
    url: { type: 'string', format: 'uri', maxLength: 2000 },
    description: { type: ['string', 'null'], maxLength: 500 },
    event_types: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', enum: ['*', ...eventTypes] } },
    tournament_id: { ...uuid, type: ['string', 'null'] },
    enabled: { type: 'boolean' },
    disabled_reason: { type: ['string', 'null'], maxLength: 500, description: 'Why the service disabled it (410 Gone, 5 days of failures) or that you did.' },
    failing_since: { ...nullableInstant, description: 'When its current run of failed attempts began; null while healthy.' },
    previous_secret_expires_at: { ...nullableInstant, description: 'After a rotation: until when the previous secret signs beside the new one.' },
    created_at: instant,
    updated_at: instant,
  };
  if (withSecret) properties.secret = { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]{43}=$', maxLength: 50, description: 'The signing secret. Shown only here: store it.' };
  return { type: 'object', required: Object.keys(properties), properties };
}

function deliverySchema(): SchemaObject {
  const properties: Record<string, SchemaObject> = {
    id: uuid,
    event_id: { ...uuid, description: 'The `webhook-id` header: receivers deduplicate by it.' },
    event_type: { type: 'string', maxLength: 100 },
    sequence: { type: ['integer', 'null'], format: 'int64', minimum: 1, maximum: 999_999_999_999_999, description: 'The event’s sequence; null for a test message.' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
    next_attempt_at: { ...nullableInstant, description: 'While pending: when it is tried next.' },
    last_attempt_at: nullableInstant,
    last_status_code: { type: ['integer', 'null'], format: 'int32', minimum: 100, maximum: 599 },
    last_response_body: { type: ['string', 'null'], maxLength: 1024, description: 'The first 1 KiB of the last answer.' },
    last_error: { type: ['string', 'null'], maxLength: 1000, description: 'Why the last attempt failed (an answer’s status, a timeout, a refused address…).' },
    last_duration_ms: { type: ['integer', 'null'], format: 'int32', minimum: 0, maximum: 600_000 },
    created_at: instant,
  };
  return { type: 'object', required: Object.keys(properties), properties };
}

const operations: Record<string, ApiOperation> = {
  create: {
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description:
      `Events from now on that match \`event_types\` (and \`tournament_id\`) are POSTed to \`url\`, signed (Standard Webhooks). The answer carries the \`secret\` once. ` +
      `At most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints per account.`,
    tags: tag,
    requestBody: jsonBody('CreateWebhookRequest', 'The endpoint.', { url: EXAMPLE.url, event_types: EXAMPLE.event_types, description: EXAMPLE.description }),
    responses: {
      '201': jsonResponse('The endpoint, with its secret (only this once).', 'WebhookWithSecret', { ...EXAMPLE, secret: SECRET }, headerRefs('Location')),
      '409': problemResponse('The account has the most endpoints it may have.', '/api/v1/webhooks', [new WebhookLimitReachedError()], API_HEADERS),
      '422': invalid,
    },
  },
  list: {
    operationId: 'listWebhooks',
    summary: 'List your webhook endpoints',
    description: `All of them (at most ${MAX_ENDPOINTS_PER_ACCOUNT}), oldest first, without secrets.`,
    tags: tag,
    responses: { '200': jsonResponse('Your endpoints.', 'WebhookPage', { data: [EXAMPLE], next_cursor: null }), '400': ref('responses', 'InvalidParameter') },
  },
  get: {
    operationId: 'getWebhook',
    summary: 'Get one webhook endpoint',
    description: 'Its state (`enabled`, `disabled_reason`, `failing_since`), without the secret.',
    tags: tag,
    responses: { '200': jsonResponse('The endpoint.', 'Webhook', EXAMPLE), '400': ref('responses', 'InvalidParameter'), '404': notFound },
  },
  update: {
    operationId: 'updateWebhook',
    summary: 'Change a webhook endpoint',
    description: 'Send the fields to change. `"enabled": true` brings back a disabled endpoint: it gets the events from then on (POST …/replay for the ones it missed).',
    tags: tag,
    requestBody: jsonBody('UpdateWebhookRequest', 'The fields to change.', { enabled: true }),
    responses: { '200': jsonResponse('The endpoint as it is now.', 'Webhook', EXAMPLE), '404': notFound, '422': invalid },
  },
  remove: {
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description: 'It receives nothing more (an attempt already under way may finish); its pending deliveries go with it.',
    tags: tag,
    responses: { '204': emptyResponse('Deleted.'), '404': notFound },
  },
  rotate: {
    operationId: 'rotateWebhookSecret',
    summary: 'Replace the signing secret',
    description: 'A new secret, shown once. The previous one keeps signing beside it for 24 hours (two `v1,` signatures in `webhook-signature`), so receivers can switch without losing a message.',
    tags: tag,
    responses: { '200': jsonResponse('The endpoint with its new secret.', 'WebhookWithSecret', { ...EXAMPLE, secret: SECRET, previous_secret_expires_at: '2026-05-02T18:42:10.512Z' }), '404': notFound },
  },
  deliveries: {
    operationId: 'listWebhookDeliveries',
    summary: 'List an endpoint’s deliveries',
    description: 'Newest first: status, attempts, the next attempt, and the last answer (status code, first 1 KiB of its body, duration) or error.',
    tags: tag,
    parameters: queryParameters(ListDeliveriesQuery, {
      limit: { description: 'Page size.', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 }, example: 20 },
      cursor: { description: 'The `next_cursor` of the previous page.', example: 'ZDQy' },
    }),
    responses: { '200': jsonResponse('A page of deliveries.', 'WebhookDeliveryPage', { data: [EXAMPLE_DELIVERY], next_cursor: null }), '400': ref('responses', 'InvalidParameter'), '404': notFound },
  },
  retry: {
    operationId: 'retryWebhookDelivery',
    summary: 'Send a delivery again now',
    description: 'Puts the delivery back in the endpoint’s queue, due now, whatever its status.',
    tags: tag,
    parameters: [{ name: 'delivery_id', in: 'path', required: true, description: 'The delivery’s id.', schema: uuid, example: DELIVERY_ID } as ParameterObject],
    responses: {
      '202': jsonResponse('The delivery, queued.', 'WebhookDelivery', { ...EXAMPLE_DELIVERY, next_attempt_at: EXAMPLE_DELIVERY.last_attempt_at }),
      '404': problemResponse('No such endpoint or delivery among yours.', `${PATH}/deliveries/${DELIVERY_ID}/retry`, [new DeliveryNotFoundError()], API_HEADERS),
      '409': disabled,
    },
  },
  test: {
    operationId: 'testWebhook',
    summary: 'Send a test message',
    description: `Queues a \`${TEST_EVENT_TYPE}\` message (\`sequence\` null, \`data\`: \`{ "webhook_id" }\`), signed like any other, behind what the endpoint is waiting for (409 once ${MAX_PENDING_DELIVERIES} wait).`,
    tags: tag,
    responses: {
      '202': jsonResponse('The delivery, queued.', 'WebhookDelivery', { ...EXAMPLE_DELIVERY, event_type: TEST_EVENT_TYPE, sequence: null, status: 'pending', attempts: 0 }),
      '404': notFound,
      '409': disabledOrFull(`${PATH}/test`),
    },
  },
  replay: {
    operationId: 'replayWebhook',
    summary: 'Send retained events again',
    description:
      `Queues again, in order, the retained events after \`after\` that the endpoint was already given and that match its filters, leaving out those it has waiting ` +
      `already (at most ${MAX_REPLAY} per call: replay again from the last one for more). They keep their \`webhook-id\`. While the endpoint has ` +
      `${MAX_PENDING_DELIVERIES} deliveries waiting, a replay queues nothing and is refused (409 \`webhook_queue_full\`); one that would pass that number queues what fits.`,
    tags: tag,
    requestBody: jsonBody('ReplayWebhookRequest', 'Where to start.', { after: 41 }),
    responses: {
      '202': { description: 'How many were queued.', headers: API_HEADERS, content: { 'application/json': { schema: { type: 'object', required: ['queued'], properties: { queued: { type: 'integer', format: 'int32', minimum: 0, maximum: MAX_REPLAY } } }, example: { queued: 12 } } } },
      '404': notFound,
      '409': disabledOrFull(`${PATH}/replay`),
      '422': invalid,
    },
  },
};

/** `eventTypes`: the names of every module's event types (the document's collector passes them in). */
export function webhooksApiDocs(eventTypes: readonly string[]): ApiDocs {
  const id = idParameter('webhook endpoint', ID);
  return {
    tags: [
      {
        name: 'Webhooks',
        description:
          'Your server is POSTed each event as it happens, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): verify with the ' +
          '`standardwebhooks` library or a few lines of HMAC (docs/webhooks.md). At least once: deduplicate by `webhook-id`. 2xx within 10 s is success; anything else is ' +
          `retried ${MAX_ATTEMPTS - 1} times over about 28 hours (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). 410 Gone, or 5 days of failures, disables the endpoint.`,
      },
    ],
    paths: {
      '/api/v1/webhooks': { get: operations.list, post: operations.create },
      '/api/v1/webhooks/{id}': { parameters: [id], get: operations.get, patch: operations.update, delete: operations.remove },
      '/api/v1/webhooks/{id}/rotate-secret': { parameters: [id], post: operations.rotate },
      '/api/v1/webhooks/{id}/deliveries': { parameters: [id], get: operations.deliveries },
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry': { parameters: [id], post: operations.retry },
      '/api/v1/webhooks/{id}/test': { parameters: [id], post: operations.test },
      '/api/v1/webhooks/{id}/replay': { parameters: [id], post: operations.replay },
    },
    components: {
      schemas: {
        Webhook: endpointSchema(false, eventTypes),
        WebhookWithSecret: endpointSchema(true, eventTypes),
        WebhookPage: { type: 'object', required: ['data', 'next_cursor'], properties: { data: { type: 'array', maxItems: MAX_ENDPOINTS_PER_ACCOUNT, items: schemaRef('Webhook') }, next_cursor: { type: 'null' } } },
        WebhookDelivery: deliverySchema(),
        WebhookDeliveryPage: {
          type: 'object',
          required: ['data', 'next_cursor'],
          properties: { data: { type: 'array', maxItems: 100, items: schemaRef('WebhookDelivery') }, next_cursor: { type: ['string', 'null'], maxLength: 100 } },
        },
        CreateWebhookRequest: requestBodySchema(CreateWebhookDto, fieldDocs(eventTypes), 'A new webhook endpoint.'),
        UpdateWebhookRequest: requestBodySchema(UpdateWebhookDto, fieldDocs(eventTypes), 'The fields to change.'),
        ReplayWebhookRequest: requestBodySchema(ReplayWebhookDto, { after: { description: 'Re-send events after this sequence.' } }, 'Where the replay starts.'),
      },
    },
  };
}
