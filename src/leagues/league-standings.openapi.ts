import type { SchemaObject } from 'openapi3-ts/oas31';
import { API_HEADERS, ApiDocs, idParameter, jsonResponse, schemaRef } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { LeagueNotFoundError } from './domain/league-errors';
import { CompletedTournament } from './domain/league-results';
import { DEFAULT_PLACEMENT_POINTS } from './domain/league-scoring';
import { placementsTable } from './domain/league-standings';
import { presentLeagueStandings } from './dto/league-standings.presenter';

/** The league table's part of the OpenAPI document; its example is computed by the domain from two events. */
const EXAMPLE_LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';
const TOURNAMENT_IDS = ['0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b', '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0c'];

function example() {
  const event = (index: number, weight: number, ranking: [string, string | null][]): CompletedTournament => ({
    id: TOURNAMENT_IDS[index],
    name: index === 0 ? 'Spring Open' : 'Spring Major',
    format: 'single_elimination',
    startedAt: new Date(Date.UTC(2026, 2, 1 + 14 * index, 10)),
    completedAt: new Date(Date.UTC(2026, 2, 1 + 14 * index, 18)),
    weight,
    rankByRules: null,
    entrants: ranking.map(([name, externalId], index) => ({ participantId: `${name}-${index}`, name, externalId, seed: null, finalRank: index + 1 })),
    table: [],
    matches: [],
  });
  const tournaments = [
    event(0, 1, [
      ['Ada Lovelace', 'fide-101'],
      ['Alan Turing', null],
    ]),
    event(1, 2, [
      ['Alan Turing', null],
      ['Ada Lovelace', 'fide-101'],
    ]),
  ];
  return presentLeagueStandings({ scoring: 'placements', tournaments, placements: placementsTable(tournaments, DEFAULT_PLACEMENT_POINTS, null), sum: [] });
}

const count: SchemaObject = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };
const tiebreakers = (description: string): SchemaObject => ({ type: 'array', maxItems: 10, items: schemaRef('Tiebreaker'), description });
const common: Record<string, SchemaObject> = {
  rank: { ...count, minimum: 1, description: 'Rows no tiebreaker separates share a rank (1, 1, 3).' },
  competitor: {
    type: 'string',
    maxLength: 100,
    description:
      'What joins one competitor across tournaments: the participant’s `external_id` when set, otherwise its name in lower case (names are compared without case).',
  },
  name: { type: 'string', maxLength: 100, description: 'The name in the latest tournament the competitor played.' },
  points: { type: 'number' },
};

function schemas(): Record<string, SchemaObject> {
  const placementRow: Record<string, SchemaObject> = {
    ...common,
    points: { type: 'number', description: 'The counted results’ points: the table’s points for each rank times the tournament’s `weight`.' },
    results: {
      type: 'array',
      maxItems: 100_000,
      description: 'Every result, in tournament order (the tournaments’ names are in `tournaments`); with `counted_results`, only the best N have `counted: true`.',
      items: {
        type: 'object',
        required: ['tournament_id', 'rank', 'points', 'counted'],
        properties: {
          tournament_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
          rank: { ...count, minimum: 1 },
          points: { type: 'number' },
          counted: { type: 'boolean' },
        },
      },
    },
    tiebreakers: tiebreakers('`tournaments_won` (more is better), `best_placement`, then `most_recent_placement` (the rank in the competitor’s latest tournament; lower is better).'),
  };
  const sumRow: Record<string, SchemaObject> = {
    ...common,
    points: { type: 'number', description: 'Each tournament’s points (by its own `points`) added up.' },
    tournaments: { ...count, description: 'Tournaments of the table the competitor played in.' },
    played: count,
    wins: count,
    draws: count,
    losses: count,
    score_for: { type: 'number' },
    score_against: { type: 'number' },
    tiebreakers: tiebreakers('The first tournament’s `tiebreakers`, over the matches of every tournament of the table (head to head counts all meetings of the tied competitors).'),
  };
  return {
    LeaguePlacementRow: { type: 'object', required: Object.keys(placementRow), properties: placementRow },
    LeagueSumRow: { type: 'object', required: Object.keys(sumRow), properties: sumRow },
    LeagueStandings: {
      type: 'object',
      required: ['scoring', 'tournaments', 'data'],
      description: 'The league table, computed on every read from the league’s completed tournaments (cancelled ones never count).',
      properties: {
        scoring: { type: 'string', enum: ['placements', 'sum'] },
        tournaments: {
          type: 'array',
          maxItems: 100_000,
          description: 'The tournaments the table is made of, oldest start first (a `sum` table: its round robin and swiss ones).',
          items: {
            type: 'object',
            required: ['id', 'name', 'format', 'weight', 'completed_at'],
            properties: {
              id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
              name: { type: 'string', maxLength: 100 },
              format: { type: 'string', maxLength: 40 },
              weight: { type: 'number' },
              completed_at: { type: 'string', format: 'date-time', maxLength: 24 },
            },
          },
        },
        data: { type: 'array', maxItems: 100_000, items: { oneOf: [schemaRef('LeaguePlacementRow'), schemaRef('LeagueSumRow')] } },
      },
    },
  };
}

export function leagueStandingsApiDocs(): ApiDocs {
  return {
    tags: [],
    paths: {
      '/api/v1/leagues/{id}/standings': {
        parameters: [idParameter('league', EXAMPLE_LEAGUE_ID)],
        get: {
          operationId: 'getLeagueStandings',
          summary: 'The league table across its tournaments',
          description:
            'By the league’s `scoring`: `placements` ranks competitors by placement points over the league’s completed tournaments (each times the ' +
            'tournament’s `weight`; with `counted_results`, each competitor’s best N), `sum` adds up its round robin and swiss tables. ' +
            'Computed on every read: a corrected result or a changed `weight` shows at once.',
          tags: ['Leagues'],
          responses: {
            '200': jsonResponse('The league table.', 'LeagueStandings', example()),
            '404': problemResponse(
              'No such league among yours (unknown id, malformed id, or another account’s).',
              `/api/v1/leagues/${EXAMPLE_LEAGUE_ID}/standings`,
              [new LeagueNotFoundError()],
              API_HEADERS,
            ),
          },
        },
      },
    },
    components: { schemas: schemas() },
  };
}
