import type { SchemaObject } from 'openapi3-ts/oas31';
import type { EventTypeEntry } from '../platform/module-manifest';
import { schemaRef } from '../platform/openapi/openapi-kit';
import { uuidData } from '../events';

/**
 * The event types play appends, with their summary and the schema of their `data`; `ratings.changed` too, since
 * play recomputes a rated league's ratings when a result changes them.
 */
export const MATCH_EVENT_TYPES = {
  'matches.generated': { data: matchesGenerated(), summary: 'A tournament started and its matches were generated.' },
  'match.ready': { data: schemaRef('Match'), summary: 'A match became `ready` (both opponents known) after another match’s result.' },
  'match.reported': { data: schemaRef('Match'), summary: 'A result was reported for a match that had none.' },
  'match.updated': { data: schemaRef('Match'), summary: 'A game was reported in a series still under way (the match is `in_progress`, its scores the games won so far).' },
  'match.scheduled': { data: schemaRef('Match'), summary: 'A match’s `scheduled_at`, `ends_at`, `station_id` or `pinned` changed (without a result): a PATCH, or one event per match a stored plan moved.' },
  'match.corrected': { data: matchCorrection(), summary: 'A reported result was changed; `cleared_matches` lists the dependent results it cleared.' },
  'stage.completed': { data: stage(), summary: 'A stage of a multi_stage tournament completed: its last result came in and its qualifiers moved on (issue 40).' },
  'stage.started': { data: stage(), summary: 'A stage of a multi_stage tournament started: the first stage at the start, a later one once filled with qualifiers.' },
  'standings.changed': { data: standings(), summary: 'A result changed a tournament’s standings (the table as GET …/standings returns it).' },
  'ratings.changed': {
    data: ratings(),
    summary: 'A result or the league’s `rating` setting changed a rated league’s ratings (the whole table, rows as GET …/leagues/{id}/ratings returns them); a result’s follows the tournament’s standings.changed.',
  },
} as const satisfies Record<string, EventTypeEntry>;

function matchesGenerated(): SchemaObject {
  return {
    type: 'object',
    required: ['tournament_id', 'match_count', 'ready_match_count'],
    description: 'How many matches the start generated and how many are ready; read them with GET …/matches.',
    properties: {
      tournament_id: uuidData(),
      match_count: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
      ready_match_count: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
    },
  };
}

function stage(): SchemaObject {
  return {
    type: 'object',
    required: ['tournament_id', 'stage', 'status'],
    description: 'A stage of a multi_stage tournament (issue 40) as GET …/stages/{key} shows its key, name and status; read its groups there.',
    properties: {
      tournament_id: uuidData(),
      stage: { type: 'string', maxLength: 32, description: 'The stage’s key.' },
      name: { type: 'string', maxLength: 200 },
      status: { type: 'string', enum: ['pending', 'in_progress', 'awaiting_decision', 'completed'] },
    },
  };
}

function matchCorrection(): SchemaObject {
  const match = schemaRef('Match');
  return {
    type: 'object',
    required: ['match', 'cleared_matches'],
    properties: {
      match,
      cleared_matches: { type: 'array', maxItems: 100_000, items: match, description: 'Dependent results the correction cleared (`reset_dependents=true`), as they are now.' },
    },
  };
}

function standings(): SchemaObject {
  return {
    type: 'object',
    required: ['tournament_id', 'standings'],
    properties: { tournament_id: uuidData(), standings: { type: 'array', maxItems: 100_000, items: schemaRef('StandingRow') } },
  };
}

function ratings(): SchemaObject {
  return {
    type: 'object',
    required: ['league_id', 'tournament_id', 'ratings'],
    properties: {
      league_id: uuidData(),
      tournament_id: { ...uuidData(), type: ['string', 'null'], description: 'The tournament whose results changed the ratings; null when the league’s `rating` setting changed (an empty table when it became null).' },
      ratings: { type: 'array', maxItems: 1_000_000, items: schemaRef('LeagueRatingRow'), description: 'The whole table, best first.' },
    },
  };
}
