import type { presentTournament } from './tournament.presenter';

type TournamentResponse = ReturnType<typeof presentTournament>;

const text = { type: 'string' } as const;
const optionalText = { type: ['string', 'null'] } as const;

/**
 * The JSON schema Fastify compiles the hot responses' serializer from
 * (fast-json-stringify instead of JSON.stringify). Typed against the presenter,
 * so a field added there and not here fails the type check.
 */
const TOURNAMENT_PROPERTIES = {
  id: text,
  name: text,
  description: optionalText,
  game: optionalText,
  format: text,
  participant_type: text,
  max_participants: { type: ['integer', 'null'] },
  rounds: { type: ['integer', 'null'] },
  status: text,
  timezone: text,
  starts_at: optionalText,
  ends_at: optionalText,
  league_id: optionalText,
  metadata: { type: 'object', additionalProperties: text },
  started_at: optionalText,
  completed_at: optionalText,
  created_at: text,
  updated_at: text,
  participant_count: { type: 'integer' },
  version: { type: 'integer' },
} satisfies Record<keyof TournamentResponse, object>;

export const TOURNAMENT_RESPONSE_SCHEMA = {
  type: 'object',
  properties: TOURNAMENT_PROPERTIES,
  required: Object.keys(TOURNAMENT_PROPERTIES),
  additionalProperties: false,
};

export const TOURNAMENT_PAGE_RESPONSE_SCHEMA = {
  type: 'object',
  properties: { data: { type: 'array', items: TOURNAMENT_RESPONSE_SCHEMA }, next_cursor: optionalText },
  required: ['data', 'next_cursor'],
};
