import type { presentTournament } from './tournament.presenter';

type TournamentResponse = ReturnType<typeof presentTournament>;

const text = { type: 'string' } as const;
const optionalText = { type: ['string', 'null'] } as const;

/**
 * The JSON schema Fastify compiles the single-tournament responses' serializer
 * from (fast-json-stringify instead of JSON.stringify). Typed against the
 * presenter, so a field added there and not here fails the type check; its
 * properties are in the presenter's order, so one tournament reads alike on its
 * own and in a list page.
 * List pages have none: for a page of 20, the compiled serializer's string
 * building made more garbage than `JSON.stringify` for no less CPU (see
 * docs/performance.md).
 */
/** A schedule's keys (issue 41): the tournament's, all of them; a stage's, the ones it sets. */
const SCHEDULE_PROPERTIES = {
  starts_at: optionalText,
  // A number or { default, rounds }: serialised as it is.
  match_minutes: {},
  rest_minutes: { type: 'integer' },
  windows: { type: ['array', 'null'], items: { type: 'object', properties: { from: text, to: text }, required: ['from', 'to'], additionalProperties: false } },
};

const TOURNAMENT_PROPERTIES = {
  id: text,
  name: text,
  description: optionalText,
  game: optionalText,
  format: text,
  participant_type: text,
  max_participants: { type: ['integer', 'null'] },
  status: text,
  timezone: text,
  starts_at: optionalText,
  ends_at: optionalText,
  league_id: optionalText,
  metadata: { type: 'object', additionalProperties: text },
  rounds: { type: ['integer', 'null'] },
  third_place_match: { type: 'boolean' },
  points: {
    type: ['object', 'null'],
    properties: { win: { type: 'number' }, draw: { type: 'number' }, loss: { type: 'number' } },
    required: ['win', 'draw', 'loss'],
    additionalProperties: false,
  },
  tiebreakers: { type: ['array', 'null'], items: text },
  legs: { type: ['integer', 'null'] },
  best_of: {
    anyOf: [
      { type: 'integer' },
      { type: 'object', properties: { default: { type: 'integer' }, rounds: { type: 'object', additionalProperties: { type: 'integer' } } }, required: ['default', 'rounds'] },
    ],
  },
  weight: { type: 'number' },
  check_in_required: { type: 'boolean' },
  check_in_opens_at: optionalText,
  check_in_closes_at: optionalText,
  visibility: text,
  schedule: { type: 'object', properties: SCHEDULE_PROPERTIES, required: ['starts_at', 'match_minutes', 'rest_minutes', 'windows'], additionalProperties: false },
  // A multi_stage tournament's stages (issue 40), each with its status; null for one format.
  stages: {
    type: ['array', 'null'],
    items: {
      type: 'object',
      properties: {
        key: text,
        name: text,
        status: text,
        format: text,
        groups: { type: 'integer' },
        advance: {},
        seeding: {},
        rounds: { type: ['integer', 'null'] },
        third_place_match: { type: 'boolean' },
        points: {},
        tiebreakers: {},
        legs: { type: ['integer', 'null'] },
        // The stage's own schedule keys (issue 41), or null: the tournament's.
        schedule: { type: ['object', 'null'], properties: SCHEDULE_PROPERTIES, additionalProperties: false },
      },
      required: ['key', 'name', 'status', 'format', 'groups', 'advance', 'seeding'],
    },
  },
  share_id: optionalText,
  started_at: optionalText,
  completed_at: optionalText,
  participant_count: { type: 'integer' },
  created_at: text,
  updated_at: text,
  version: { type: 'integer' },
} satisfies Record<keyof TournamentResponse, object>;

export const TOURNAMENT_RESPONSE_SCHEMA = {
  type: 'object',
  properties: TOURNAMENT_PROPERTIES,
  required: Object.keys(TOURNAMENT_PROPERTIES),
  additionalProperties: false,
};

/** The PATCH answer: a start with check-in required adds whom it left out (`dropped_participants`). */
export const TOURNAMENT_PATCH_RESPONSE_SCHEMA = {
  ...TOURNAMENT_RESPONSE_SCHEMA,
  properties: {
    ...TOURNAMENT_PROPERTIES,
    dropped_participants: {
      type: 'array',
      items: { type: 'object', properties: { id: text, name: text }, required: ['id', 'name'], additionalProperties: false },
    },
  },
};
