import type { SchemaObject } from 'openapi3-ts/oas31';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, headerRefs, idParameter, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { LIST_PARAMETER_DOCS } from '../platform/openapi/openapi-document';
import { problemResponse } from '../platform/openapi/problem-examples';
import { queryParameters } from '../platform/openapi/request-schema';
import { ListQuery } from '../platform/pagination/list-query';
import { LeagueNotFoundError, LeagueNotRatedError, RatedPlayerNotFoundError } from './domain/league-errors';
import { computeRatings } from './domain/ratings/rating-engine';
import { RatingSettings, ratingSettingsOf } from './domain/ratings/rating-settings';
import { presentHistoryEntry, presentRatingRow } from './dto/league-ratings.presenter';
import './leagues.problems';

/** The ratings part of the OpenAPI document (issue 43); its examples are computed by the engine from three matches. */
const EXAMPLE_LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';
const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const MATCH_IDS = ['0196a0c9-0000-7000-8000-000000000001', '0196a0c9-0000-7000-8000-000000000002', '0196a0c9-0000-7000-8000-000000000003'];
const BASE = `/api/v1/leagues/${EXAMPLE_LEAGUE_ID}/ratings`;

function example() {
  const settings = ratingSettingsOf({ model: 'openskill' }) as RatingSettings;
  const players = { ada: { key: 'id:fide-101', name: 'Ada Lovelace' }, alan: { key: 'name:alan turing', name: 'Alan Turing' }, grace: { key: 'name:grace hopper', name: 'Grace Hopper' } };
  const match = (index: number, first: typeof players.ada, second: typeof players.ada, draw = false) => ({
    id: MATCH_IDS[index],
    matchId: MATCH_IDS[index],
    tournamentId: EXAMPLE_TOURNAMENT_ID,
    completedAt: new Date(Date.UTC(2026, 2, 1, 18 + index)),
    placings: [
      { ...first, rank: 1 },
      { ...second, rank: draw ? 1 : 2 },
    ],
  });
  const { table, history } = computeRatings(settings, [match(0, players.ada, players.alan), match(1, players.grace, players.alan), match(2, players.ada, players.grace, true)]);
  return {
    table: { data: table.map((row, index) => presentRatingRow(settings, { rank: index + 1, row })), next_cursor: null },
    history: { data: history.filter((entry) => entry.key === players.ada.key).map(presentHistoryEntry), next_cursor: null },
  };
}

const number: SchemaObject = { type: 'number' };
const count: SchemaObject = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };
const instant: SchemaObject = { type: 'string', format: 'date-time', maxLength: 24 };
const modelNumbers: Record<string, SchemaObject> = {
  mu: { ...number, description: 'openskill: the skill estimate μ.' },
  sigma: { ...number, description: 'openskill: its uncertainty σ.' },
  rating: { ...number, description: 'glicko2 and elo: the rating.' },
  rd: { ...number, description: 'glicko2: the rating deviation.' },
  volatility: { ...number, description: 'glicko2: the volatility.' },
};

function schemas(): Record<string, SchemaObject> {
  const values = (description: string): SchemaObject => ({ type: 'object', description, required: ['score'], properties: { score: number, ...modelNumbers } });
  return {
    LeagueRatingRow: {
      type: 'object',
      required: ['rank', 'player_key', 'name', 'model', 'score', 'matches', 'wins', 'draws', 'losses', 'provisional', 'last_change', 'last_changed_at'],
      properties: {
        rank: { ...count, minimum: 1, description: 'The place in the table: by score, then more matches, then player_key.' },
        player_key: {
          type: 'string',
          maxLength: 110,
          description: 'What joins a player across tournaments, as the league table joins them: `id:` and the `external_id`, otherwise `name:` and the name in lower case.',
        },
        name: { type: 'string', maxLength: 100, description: 'The name in the player’s latest rated match.' },
        model: { type: 'string', enum: ['openskill', 'glicko2', 'elo'] },
        score: { ...number, description: 'The conservative score the table is ranked by: openskill μ − 3σ, glicko2 rating − 2·RD, elo the rating.' },
        ...modelNumbers,
        matches: { ...count, description: 'Rated matches.' },
        wins: count,
        draws: count,
        losses: count,
        provisional: { type: 'boolean', description: 'Fewer rated matches than `provisional_matches`, or an uncertainty above the model’s threshold (docs/ratings.md).' },
        last_change: { type: ['number', 'null'], description: 'How much `score` moved in the player’s latest rated match.' },
        last_changed_at: { ...instant, type: ['string', 'null'], description: 'When that match was completed.' },
      },
    },
    LeagueRatingList: { type: 'object', required: ['data', 'next_cursor'], properties: { data: { type: 'array', maxItems: 100, items: schemaRef('LeagueRatingRow') }, next_cursor: { type: ['string', 'null'], maxLength: 1000 } } },
    LeagueRatingHistoryEntry: {
      type: 'object',
      required: ['match_id', 'tournament_id', 'completed_at', 'rank', 'outcome', 'before', 'after'],
      properties: {
        match_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
        tournament_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
        completed_at: instant,
        rank: { ...count, minimum: 1, description: 'The player’s place in the match (1 the best; a draw shares it).' },
        outcome: { type: 'string', enum: ['win', 'draw', 'loss'], description: 'A free-for-all: first alone is a win, a shared first a draw.' },
        before: values('The player’s numbers just before the match.'),
        after: values('… and just after it.'),
      },
    },
    LeagueRatingHistory: {
      type: 'object',
      required: ['data', 'next_cursor'],
      properties: { data: { type: 'array', maxItems: 100, items: schemaRef('LeagueRatingHistoryEntry') }, next_cursor: { type: ['string', 'null'], maxLength: 1000 } },
    },
  };
}

function operation(operationId: string, summary: string, description: string, schema: string, body: unknown, notFound: ReturnType<typeof problemResponse>, instance: string): ApiOperation {
  const withEtag = headerRefs('ETag');
  return {
    operationId,
    summary,
    description: `${description} Send the \`ETag\` you hold in \`If-None-Match\` to get 304 while nothing in the ratings changed.`,
    tags: ['Leagues'],
    parameters: [ref('parameters', 'IfNoneMatch'), ...queryParameters(ListQuery, LIST_PARAMETER_DOCS)],
    responses: {
      '200': jsonResponse('One page.', schema, body, { ...withEtag, ...headerRefs('Link') }),
      '304': emptyResponse('`If-None-Match` matched: your copy is current. No body.', withEtag),
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound,
      '409': problemResponse('The league has no `rating` setting.', instance, [new LeagueNotRatedError()], API_HEADERS),
    },
  };
}

export function leagueRatingsApiDocs(): ApiDocs {
  const examples = example();
  const leagueNotFound = problemResponse('No such league among yours (unknown id, malformed id, or another account’s).', BASE, [new LeagueNotFoundError()], API_HEADERS);
  return {
    tags: [],
    paths: {
      '/api/v1/leagues/{id}/ratings': {
        parameters: [idParameter('league', EXAMPLE_LEAGUE_ID)],
        get: operation(
          'listLeagueRatings',
          'The league’s ratings table',
          'Every player rated by the league’s `rating` model over every played-out match of its tournaments, in the order they were completed (docs/ratings.md). ' +
            'Best first, by the conservative score. A stored table kept equal to the replay of the results as they stand: a report, a correction, a voided match or a deleted tournament shows at once.',
          'LeagueRatingList',
          examples.table,
          leagueNotFound,
          BASE,
        ),
      },
      '/api/v1/leagues/{id}/ratings/{player_key}/history': {
        parameters: [
          idParameter('league', EXAMPLE_LEAGUE_ID),
          { name: 'player_key', in: 'path', required: true, schema: { type: 'string', maxLength: 110 }, example: 'id:fide-101', description: 'A row’s `player_key` (URL-encoded).' },
        ],
        get: operation(
          'listLeagueRatingHistory',
          'A player’s rated matches',
          'Every rated match of the player, oldest first, with their numbers before and after it.',
          'LeagueRatingHistory',
          examples.history,
          problemResponse('No such league among yours, or no such rated player in it.', `${BASE}/id:fide-101/history`, [new LeagueNotFoundError(), new RatedPlayerNotFoundError()], API_HEADERS),
          `${BASE}/id:fide-101/history`,
        ),
      },
    },
    components: { schemas: schemas() },
  };
}
