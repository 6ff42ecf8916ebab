import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { InvalidError } from '../kernel/domain-error';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { requestBodySchema } from '../platform/openapi/request-schema';
import { STATION_LIMITS, StationNotFoundError, TooManyStationsError } from './domain/schedule/station';
import { CreateStationDto, UpdateStationDto } from './dto/station-body.dto';
import { ScheduleRequestDto } from './dto/schedule-body.dto';
import { TournamentNotFoundError } from '../tournaments';
import { SCHEDULE_RULES } from '../competition';
import './matches.problems';

/** The stations part of the OpenAPI document (issue 41): where a tournament's matches are played. */
const tag = ['Schedule'];
const TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const ID = '0196a0f5-6d7e-7f80-9a1b-2c3d4e5f6a7b';
const LIST = `/api/v1/tournaments/${TOURNAMENT_ID}/stations`;
const ITEM = `${LIST}/${ID}`;
const instant: SchemaObject = { type: 'string', format: 'date-time', maxLength: 24 };

const EXAMPLE = {
  id: ID,
  tournament_id: TOURNAMENT_ID,
  name: 'Table 1',
  available: [{ from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' }],
  created_at: '2026-04-30T12:00:00.000Z',
  updated_at: '2026-04-30T12:00:00.000Z',
};

const MATCH_ID = '0196a0d0-0000-7000-8000-000000000001';
const PREVIEW_EXAMPLE = {
  from: '2026-05-01T17:00:00.000Z',
  matches: [{ match_id: MATCH_ID, number: 1, scheduled_at: '2026-05-01T17:00:00.000Z', ends_at: '2026-05-01T17:20:00.000Z', station_id: ID }],
  unplaced: [],
  ends_at: '2026-05-01T23:20:00.000Z',
  lower_bound_ends_at: '2026-05-01T23:06:00.000Z',
};
const CONFLICTS_EXAMPLE = {
  checked_at: '2026-05-01T17:25:00.000Z',
  data: [
    {
      rule: 'station_overlap',
      match_id: MATCH_ID,
      match_number: 1,
      other_match_id: '0196a0d0-0000-7000-8000-000000000002',
      other_match_number: 2,
      suggested_fix: { match_id: MATCH_ID, scheduled_at: '2026-05-01T17:40:00.000Z', ends_at: '2026-05-01T18:00:00.000Z', station_id: ID },
    },
  ],
};
const uuid: SchemaObject = { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 };
const number: SchemaObject = { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 2_147_483_647 };
const nullableInstant: SchemaObject = { type: ['string', 'null'], format: 'date-time', maxLength: 24 };

const FIELD_DOCS = {
  name: { description: 'What players look for (a calendar entry’s LOCATION), 1 to 100 characters.', example: 'Table 1' },
  available: {
    description:
      `When the station may be used: at most ${STATION_LIMITS.spans} spans of RFC 3339 instants, each \`to\` after its \`from\` ` +
      '(overlapping spans count as their union). `null` or left out: always (within the tournament’s windows).',
  },
};

const notFound = problemResponse('No such tournament among yours, or no such station in it.', ITEM, [new StationNotFoundError()], API_HEADERS);
const invalid = problemResponse(
  'A field breaks a rule (`errors` points at each), or the tournament already has 256 stations (`too_many_stations`).',
  LIST,
  [InvalidError.field('/available/0/to', 'to must be after from.'), new TooManyStationsError()],
  API_HEADERS,
);

const operations: Record<string, ApiOperation> = {
  list: {
    operationId: 'listStations',
    summary: 'List a tournament’s stations',
    description: `All of them (at most ${STATION_LIMITS.perTournament}), by name.`,
    tags: tag,
    responses: { '200': jsonResponse('The stations.', 'StationPage', { data: [EXAMPLE], next_cursor: null }), '400': ref('responses', 'InvalidParameter'), '404': notFound },
  },
  create: {
    operationId: 'createStation',
    summary: 'Add a station',
    description: `A table, court or board the schedule may put matches on. At most ${STATION_LIMITS.perTournament} per tournament (more is 422 \`too_many_stations\`).`,
    tags: tag,
    requestBody: jsonBody('CreateStationRequest', 'The station.', { name: EXAMPLE.name, available: EXAMPLE.available }),
    responses: { '201': jsonResponse('The station.', 'Station', EXAMPLE, headerRefs('Location')), '404': notFound, '422': invalid },
  },
  get: {
    operationId: 'getStation',
    summary: 'Get one station',
    description: 'It takes no query parameters: any is 400.',
    tags: tag,
    responses: { '200': jsonResponse('The station.', 'Station', EXAMPLE), '400': ref('responses', 'InvalidParameter'), '404': notFound },
  },
  update: {
    operationId: 'updateStation',
    summary: 'Change a station',
    description: 'Send the fields to change; `"available": null` makes it always available.',
    tags: tag,
    requestBody: jsonBody('UpdateStationRequest', 'The fields to change.', { available: null }),
    responses: { '200': jsonResponse('The station as it is now.', 'Station', { ...EXAMPLE, available: null }), '404': notFound, '422': invalid },
  },
  preview: {
    operationId: 'previewSchedule',
    summary: 'Preview a schedule',
    description:
      'Plans every open match of the tournament on its stations under its `schedule` settings and answers the plan; changes nothing. ' +
      'A match waits for the matches that feed it plus `rest_minutes`, a participant rests `rest_minutes` between matches, a station hosts one match at a ' +
      'time inside its `available` spans and the windows. With `keep_order` (default true) matches keep the order of their current `scheduled_at`. ' +
      'Matches no station and window can take are listed in `unplaced` (a tournament without stations places none). `lower_bound_ends_at` is an end ' +
      'no valid plan can beat (docs/schedule.md).',
    tags: tag,
    requestBody: { ...jsonBody('ScheduleRequest', 'Options (all optional).', { from: '2026-05-01T17:25:00.000Z', keep_order: true }), required: false },
    responses: {
      '200': jsonResponse('The plan.', 'SchedulePreview', PREVIEW_EXAMPLE),
      '404': problemResponse('No such tournament among yours.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule/preview`, [new TournamentNotFoundError()], API_HEADERS),
      '422': problemResponse('An option is not valid.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule/preview`, [InvalidError.field('/keep_order', 'keep_order must be true or false.')], API_HEADERS),
    },
  },
  apply: {
    operationId: 'scheduleTournament',
    summary: 'Plan the schedule and store it',
    description:
      'Plans like the preview and stores the plan, in one transaction: every open match that is not pinned and not being played (its `scheduled_at` ' +
      'passed, its `ends_at` not) gets `scheduled_at`, `ends_at` and `station_id`; an `unplaced` one loses its time. Each match that moves gets a new ' +
      '`version` and one `match.scheduled` event (the match as GET shows it); a plan that moves nothing writes nothing. Pinned matches are planned around. ' +
      '`?dry_run=true` answers the plan and stores nothing (the same as the preview). `If-Match` takes the tournament’s ETag. Answers the plan.',
    tags: tag,
    parameters: [
      { name: 'dry_run', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] }, example: 'true', description: '`true`: answer the plan, store nothing.' },
      ref('parameters', 'IfMatch'),
      ref('parameters', 'IdempotencyKey'),
    ],
    requestBody: { ...jsonBody('ScheduleRequest', 'Options (all optional).', { from: '2026-05-01T17:25:00.000Z', keep_order: true }), required: false },
    responses: {
      '200': jsonResponse('The plan, as stored (or, with `dry_run=true`, as it would be).', 'SchedulePreview', PREVIEW_EXAMPLE),
      '400': ref('responses', 'InvalidParameter'),
      '404': problemResponse('No such tournament among yours.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule`, [new TournamentNotFoundError()], API_HEADERS),
      '412': ref('responses', 'PreconditionFailed'),
      '422': problemResponse('An option is not valid.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule`, [InvalidError.field('/keep_order', 'keep_order must be true or false.')], API_HEADERS),
    },
  },
  conflicts: {
    operationId: 'listScheduleConflicts',
    summary: 'List the schedule’s conflicts',
    description:
      'Every hard rule the stored plan breaks now (after manual edits, or a match running late): `station_overlap`, `station_unavailable` (outside the ' +
      'station’s `available` spans or the windows, or a deleted station), `participant_rest` (overlapping or closer than `rest_minutes`), `feeder_rest` ' +
      '(a match starting before what feeds it has ended, plus rest) and `overdue` (still open after its `ends_at`). Each names both matches and suggests ' +
      'a fix: the earliest slot from now, and not before its planned start (an overdue match: from now), where the match to move (the other one when one is pinned) keeps every rule against the rest of the plan as it ' +
      'stands (`null`: no station and window has room). `PATCH` the match with it, or re-plan with `POST …/schedule`.',
    tags: tag,
    responses: {
      '200': jsonResponse('The conflicts, possibly none.', 'ScheduleConflicts', CONFLICTS_EXAMPLE),
      '400': ref('responses', 'InvalidParameter'),
      '404': problemResponse('No such tournament among yours.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule/conflicts`, [new TournamentNotFoundError()], API_HEADERS),
    },
  },
  calendar: {
    operationId: 'scheduleCalendar',
    summary: 'The schedule as a calendar (RFC 5545)',
    description:
      'Every match with a time as a VEVENT: a `UID` that never changes, `DTSTART`/`DTEND` in UTC, `LOCATION` = the station’s name, `SEQUENCE` one higher ' +
      'each time its time or station changes, `DTSTAMP` = its last change; lines end in CRLF and fold at 75 octets. `?participant=ID`: that ' +
      'participant’s matches only. Public with a share link: `GET /v/{share_id}/schedule.ics`.',
    tags: tag,
    parameters: [{ name: 'participant', in: 'query', required: false, schema: { type: 'string', format: 'uuid', maxLength: 36 }, example: MATCH_ID, description: 'A participant’s id: only their matches.' }],
    responses: {
      '200': {
        description: 'The calendar.',
        headers: API_HEADERS,
        content: { 'text/calendar': { schema: { type: 'string', maxLength: Number.MAX_SAFE_INTEGER }, example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tournament API//Schedule//EN\r\nEND:VCALENDAR\r\n' } },
      },
      '400': ref('responses', 'InvalidParameter'),
      '404': problemResponse('No such tournament among yours.', `/api/v1/tournaments/${TOURNAMENT_ID}/schedule.ics`, [new TournamentNotFoundError()], API_HEADERS),
    },
  },
  remove: {
    operationId: 'deleteStation',
    summary: 'Delete a station',
    description: 'The next plan no longer uses it.',
    tags: tag,
    responses: { '204': emptyResponse('Deleted.'), '404': notFound },
  },
};

export function stationsApiDocs(): ApiDocs {
  const tournament: ParameterObject = idParameter('tournament', TOURNAMENT_ID);
  const station: ParameterObject = { ...idParameter('station', ID), name: 'station_id', description: 'The station’s id. A malformed id is 404, like an unknown one.' };
  return {
    tags: [{ name: 'Schedule', description: 'Stations (tables, courts, boards) where a tournament’s matches are played, and when each may be used.' }],
    paths: {
      '/api/v1/tournaments/{id}/stations': { parameters: [tournament], get: operations.list, post: operations.create },
      '/api/v1/tournaments/{id}/stations/{station_id}': { parameters: [tournament, station], get: operations.get, patch: operations.update, delete: operations.remove },
      '/api/v1/tournaments/{id}/schedule': { parameters: [tournament], post: operations.apply },
      '/api/v1/tournaments/{id}/schedule/preview': { parameters: [tournament], post: operations.preview },
      '/api/v1/tournaments/{id}/schedule/conflicts': { parameters: [tournament], get: operations.conflicts },
      '/api/v1/tournaments/{id}/schedule.ics': { parameters: [tournament], get: operations.calendar },
    },
    components: {
      schemas: {
        Station: {
          type: 'object',
          required: Object.keys(EXAMPLE),
          properties: {
            id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
            tournament_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
            name: { type: 'string', minLength: 1, maxLength: STATION_LIMITS.nameLength },
            available: {
              type: ['array', 'null'],
              maxItems: STATION_LIMITS.spans,
              items: { type: 'object', required: ['from', 'to'], properties: { from: instant, to: instant } },
              description: 'When it may be used, sorted by `from`; null: always.',
            },
            created_at: instant,
            updated_at: instant,
          },
        },
        StationPage: { type: 'object', required: ['data', 'next_cursor'], properties: { data: { type: 'array', maxItems: STATION_LIMITS.perTournament, items: schemaRef('Station') }, next_cursor: { type: 'null' } } },
        ScheduleRequest: requestBodySchema(
          ScheduleRequestDto,
          {
            from: { description: 'Nothing is planned before it (default: now, or the schedule’s `starts_at` if later).' },
            keep_order: { description: 'Matches keep the order of their current `scheduled_at` (default true); false plans afresh by priority.' },
          },
          'How to plan.',
        ),
        ScheduleConflicts: {
          type: 'object',
          required: ['checked_at', 'data'],
          properties: {
            checked_at: instant,
            data: {
              type: 'array',
              maxItems: 1_000_000,
              items: {
                type: 'object',
                required: ['rule', 'match_id', 'match_number', 'other_match_id', 'other_match_number', 'suggested_fix'],
                properties: {
                  rule: { type: 'string', enum: [...SCHEDULE_RULES] },
                  match_id: uuid,
                  match_number: number,
                  other_match_id: { ...uuid, type: ['string', 'null'] },
                  other_match_number: number,
                  suggested_fix: {
                    type: ['object', 'null'],
                    required: ['match_id', 'scheduled_at', 'ends_at', 'station_id'],
                    properties: { match_id: uuid, scheduled_at: instant, ends_at: instant, station_id: uuid },
                  },
                },
              },
            },
          },
        },
        SchedulePreview: {
          type: 'object',
          required: Object.keys(PREVIEW_EXAMPLE),
          properties: {
            from: { ...instant, description: 'Nothing was planned before it.' },
            matches: {
              type: 'array',
              maxItems: 100_000,
              description: 'Each planned match, by start.',
              items: {
                type: 'object',
                required: ['match_id', 'number', 'scheduled_at', 'ends_at', 'station_id'],
                properties: { match_id: uuid, number, scheduled_at: instant, ends_at: instant, station_id: uuid },
              },
            },
            unplaced: { type: 'array', maxItems: 100_000, items: { type: 'object', required: ['match_id', 'number'], properties: { match_id: uuid, number } }, description: 'Matches no station and window can take.' },
            ends_at: { ...nullableInstant, description: 'When the last planned match ends (null: nothing planned).' },
            lower_bound_ends_at: { ...nullableInstant, description: 'An end no valid plan can beat (null: nothing to plan).' },
          },
        },
        CreateStationRequest: requestBodySchema(CreateStationDto, FIELD_DOCS, 'A new station.'),
        UpdateStationRequest: requestBodySchema(UpdateStationDto, FIELD_DOCS, 'The fields to change.'),
      },
    },
  };
}
