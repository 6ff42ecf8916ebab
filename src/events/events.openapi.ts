import type { OperationObject, ParameterObject, PathItemObject, SchemaObject } from 'openapi3-ts/oas31';
import { HttpProblem } from '../platform/http/error-translation';
import { API_HEADERS, ApiDocs, ApiOperation, headerRefs, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { queryParameters } from '../platform/openapi/request-schema';
import { EventsExpiredError, TooManyEventStreamsError } from './domain/event-errors';
import type { EventTypeEntry } from '../platform/module-manifest';
import { EventCatalogue } from './domain/event-types';
import { ListEventsQuery, MAX_FEED_PAGE, StreamEventsQuery } from './dto/events.query';
import './events.problems';

const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const uuid: SchemaObject = { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 };
const sequence: SchemaObject = { type: 'integer', format: 'int64', minimum: 1, maximum: 999_999_999_999_999 };
const tag = ['Events'];

const EXAMPLE_EVENT = {
  id: '0196a0e2-7f80-7a91-8b2c-3d4e5f6a7b8c',
  sequence: 42,
  type: 'tournament.created',
  occurred_at: '2026-05-01T18:42:10.512Z',
  tournament_id: EXAMPLE_TOURNAMENT_ID,
  league_id: null,
  data: { id: EXAMPLE_TOURNAMENT_ID, name: 'Spring Open', status: 'draft' },
};

type EventTypes = Readonly<Record<string, EventTypeEntry>>;

function eventSchema(eventTypes: EventTypes, type?: string): SchemaObject {
  const data: SchemaObject = type ? eventTypes[type].data : { type: 'object', description: 'The resource as its own GET returns it after the change (see each type under `webhooks`).' };
  return {
    type: 'object',
    required: ['id', 'sequence', 'type', 'occurred_at', 'tournament_id', 'league_id', 'data'],
    properties: {
      id: uuid,
      sequence: { ...sequence, description: 'Counts the account’s events from 1, strictly increasing, never a gap once committed. The stream’s `id:`.' },
      type: type ? { type: 'string', const: type } : { type: 'string', enum: Object.keys(eventTypes) },
      occurred_at: { type: 'string', format: 'date-time', maxLength: 24 },
      tournament_id: { ...uuid, type: ['string', 'null'], description: 'The tournament the change concerns, if any (its participants’ and matches’ events name it too).' },
      league_id: { ...uuid, type: ['string', 'null'] },
      data,
    },
    ...(type ? {} : { example: EXAMPLE_EVENT }),
  };
}

function feed(eventTypes: EventTypes): ApiOperation {
  return {
    operationId: 'listEvents',
    summary: 'Read the event feed',
    description:
      'Your account’s events, oldest first, after `after` (a sequence). Keep `next_after` and send it as `after` next time: it moves past the events ' +
      'a filter skipped, and past the newest when the page is short. Events are kept `EVENTS_RETENTION_DAYS` (30 by default): a position older than that is 410.',
    tags: tag,
    parameters: queryParameters(ListEventsQuery, {
      after: { description: 'Events after this sequence; absent: from the oldest kept. Past the newest: an empty page.', example: '41' },
      types: { description: `Only these types, comma-separated: ${Object.keys(eventTypes).map((name) => `\`${name}\``).join(', ')}.`, example: 'match.reported,match.corrected', schema: typesSchema(eventTypes) },
      tournament_id: { description: 'Only events of this tournament (its participants and matches included).', example: EXAMPLE_TOURNAMENT_ID },
      limit: { description: 'Page size.', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_FEED_PAGE, default: 100 }, example: 100 },
    }),
    responses: {
      '200': jsonResponse('A page of events.', 'EventPage', { data: [EXAMPLE_EVENT], next_after: 42 }),
      '400': ref('responses', 'InvalidParameter'),
      '410': problemResponse('Events after `after` were deleted by the retention sweep.', '/api/v1/events', [new EventsExpiredError(41)], API_HEADERS),
    },
  };
}

function stream(eventTypes: EventTypes): ApiOperation {
  return {
    operationId: 'streamEvents',
    summary: 'Stream events live (Server-Sent Events)',
    description:
      'The same events as the feed, as `text/event-stream`: each message’s `id:` is its sequence and its `data:` the event as JSON. A reconnect sends ' +
      '`Last-Event-ID` (or `?after=`) and gets everything it missed, then live events, with no gap and no duplicate; without either the stream starts ' +
      'with the next event. A `: heartbeat` comment comes every 15 s. Opening a stream spends one request of the rate limit; events spend none. ' +
      'At most `EVENT_STREAMS_PER_ACCOUNT` (10) streams per account per instance. The stream ends when your token is regenerated or the plan cancelled, ' +
      'when the server shuts down (reconnect: another instance takes over), and when your client stops reading (its buffer is bounded): reconnect with `Last-Event-ID`.',
    tags: tag,
    parameters: [
      ...queryParameters(StreamEventsQuery, {
        after: { description: 'Start after this sequence (what `Last-Event-ID` says, which wins when both are sent).', example: '41' },
        types: { description: 'Only these types, comma-separated.', example: 'match.reported,match.corrected', schema: typesSchema(eventTypes) },
        tournament_id: { description: 'Only events of this tournament.', example: EXAMPLE_TOURNAMENT_ID },
      }),
      { name: 'Last-Event-ID', in: 'header', required: false, description: 'The `id:` of the last message you received.', schema: { type: 'string', maxLength: 15, pattern: '^(0|[1-9][0-9]{0,14})$' }, example: '41' },
    ],
    responses: {
      '200': {
        description: 'The stream. It stays open; each message is `id: <sequence>` and `data: <event as JSON>`, separated by a blank line.',
        headers: API_HEADERS,
        content: { 'text/event-stream': { schema: { type: 'string', maxLength: Number.MAX_SAFE_INTEGER, description: 'Open-ended: messages until the stream ends.' }, example: `retry: 1000\n\nid: 42\ndata: ${JSON.stringify(EXAMPLE_EVENT)}\n\n: heartbeat\n\n` } },
      },
      '400': ref('responses', 'InvalidParameter'),
      '406': problemResponse('The request’s `Accept` does not allow `text/event-stream`.', '/api/v1/events/stream', [
        new HttpProblem({ code: 'not_acceptable', detail: 'This resource is a text/event-stream: send Accept: text/event-stream.' }),
      ], API_HEADERS),
      '410': problemResponse('Events after the position asked for were deleted by the retention sweep.', '/api/v1/events/stream', [new EventsExpiredError(41)], API_HEADERS),
      '429': problemResponse(
        'The account’s rate limit is used up, or it already has the most streams open.',
        '/api/v1/events/stream',
        [new TooManyEventStreamsError(10), { code: 'rate_limited', detail: 'The limit of 60 requests per minute is used up. Retry in 12 seconds.', headers: { 'retry-after': '12' } }],
        { ...headerRefs('Retry-After'), ...API_HEADERS },
      ),
    },
  };
}

/** The headers of every webhook POST (Standard Webhooks). */
const WEBHOOK_HEADERS: ParameterObject[] = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The event’s `id`: the same on every retry and replay, so receivers deduplicate by it.', schema: uuid, example: EXAMPLE_EVENT.id },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed, in seconds since the Unix epoch. Refuse messages more than 5 minutes away from your clock (replays).',
    schema: { type: 'string', pattern: '^[0-9]{1,12}$', maxLength: 12 },
    example: '1777661000',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the base64-decoded part of your secret after `whsec_`. ' +
      'During the 24 hours after a secret rotation, two signatures separated by a space (new and previous secret): accept the message when any one matches.',
    schema: { type: 'string', maxLength: 200 },
    example: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
];

/** One webhook per event type: the message the feed and the stream deliver for it. */
function webhooks(eventTypes: EventTypes): Record<string, PathItemObject> {
  return Object.fromEntries(
    Object.keys(eventTypes).map((type) => {
      const operation: OperationObject = {
        operationId: `event_${type.replace('.', '_')}`,
        summary: type,
        description:
          `${eventTypes[type].summary} Delivered by \`GET /api/v1/events\`, \`GET /api/v1/events/stream\`, and POSTed to your webhook endpoints ` +
          '(`/api/v1/webhooks`), signed per Standard Webhooks: verify `webhook-signature` before trusting the body, and deduplicate by `webhook-id`.',
        tags: tag,
        parameters: WEBHOOK_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: eventSchema(eventTypes, type) } } },
        responses: { '200': { description: 'Received.' } },
      };
      return [type, { post: operation }];
    }),
  );
}

/** The `types` parameter: its rule reads the running catalogue, so the document says the pattern itself. */
function typesSchema(eventTypes: EventTypes): SchemaObject {
  return { type: 'string', pattern: new EventCatalogue(eventTypes).listPattern().source, maxLength: 2000 };
}

/** `eventTypes`: every module's (the document's collector passes them in). */
export function eventsApiDocs(eventTypes: EventTypes): ApiDocs {
  return {
    tags: [
      {
        name: 'Events',
        description:
          'Every change a customer would notice, in one log written in the same transaction as the change: read it as a replayable feed or a live stream. ' +
          'Each type and its `data` is listed under `webhooks`. Standings and match lists carry an `ETag` from their tournament’s latest event: poll them with `If-None-Match`.',
      },
    ],
    paths: {
      '/api/v1/events': { get: feed(eventTypes) },
      '/api/v1/events/stream': { get: stream(eventTypes) },
    },
    components: {
      schemas: {
        Event: eventSchema(eventTypes),
        EventPage: {
          type: 'object',
          required: ['data', 'next_after'],
          properties: {
            data: { type: 'array', maxItems: MAX_FEED_PAGE, items: schemaRef('Event') },
            next_after: { type: 'integer', format: 'int64', minimum: 0, maximum: 999_999_999_999_999, description: 'Send it as `after` to read on.' },
          },
        },
      },
    },
    webhooks: webhooks(eventTypes),
  };
}
