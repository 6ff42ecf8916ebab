import type { ParameterObject } from 'openapi3-ts/oas31';
import { League } from '../leagues/domain/league';
import { LeagueNotFoundError } from '../leagues/domain/league-errors';
import { presentLeague } from '../leagues/dto/league.presenter';
import { NotSharedError } from '../kernel/sharing';
import { API_HEADERS, ApiDocs, ApiOperation, headerRefs, idParameter, jsonResponse } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { Tournament } from '../tournaments/domain/tournament';
import { TournamentNotFoundError } from '../tournaments/domain/tournament-errors';
import { presentTournament } from '../tournaments/dto/tournament.presenter';

/**
 * The viewing part of the OpenAPI document: rotating a share link. The viewer routes themselves (/v/…) are public
 * pages, images and a snapshot outside the JSON API; docs/viewing.md and /docs describe them.
 */
const TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';
const CREATED = new Date('2026-04-02T09:15:00.000Z');
const EXAMPLE_SHARE_ID = 'q7Yk2vB0sRzE4nW9tLmX1A';

function rotation(what: 'tournament' | 'league', schema: string, path: string, example: object, notFound: unknown): ApiOperation {
  return {
    operationId: `rotate${schema}ShareLink`,
    summary: `Replace the ${what}’s share link`,
    description:
      `A new \`share_id\` for an unlisted ${what}: its pages, embed, images, snapshot and live stream move to the new link, and the old link ` +
      'answers 404 at once (like a link that never existed). Send nothing in the body. 409 `not_shared` while it is private.',
    tags: [what === 'tournament' ? 'Tournaments' : 'Leagues'],
    responses: {
      '200': jsonResponse(`The ${what}, with its new \`share_id\` (and \`ETag\`).`, schema, example, headerRefs('ETag')),
      '404': problemResponse(`No such ${what} among yours (unknown id, malformed id, or another account’s).`, path, [notFound], API_HEADERS),
      '409': problemResponse(`The ${what} is private: there is no link to replace.`, path, [new NotSharedError(what === 'tournament' ? 'The tournament' : 'The league')], API_HEADERS),
    },
  };
}

export function viewingApiDocs(): ApiDocs {
  const tournament = { ...presentTournament(Tournament.create('example-account', { name: 'Spring Cup', format: 'single_elimination', visibility: 'unlisted' }, CREATED)), id: TOURNAMENT_ID, share_id: EXAMPLE_SHARE_ID, version: 2 };
  const league = { ...presentLeague(League.create('example-account', { name: 'City Chess League', visibility: 'unlisted' }, CREATED)), id: LEAGUE_ID, share_id: EXAMPLE_SHARE_ID, version: 2 };
  const tournamentPath = `/api/v1/tournaments/${TOURNAMENT_ID}/share/rotate`;
  const leaguePath = `/api/v1/leagues/${LEAGUE_ID}/share/rotate`;
  const leagueId: ParameterObject = idParameter('league', LEAGUE_ID);
  return {
    // Under the Tournaments and Leagues tags: /docs explains sharing in a section of its own.
    tags: [],
    paths: {
      '/api/v1/tournaments/{id}/share/rotate': { parameters: [idParameter('tournament', TOURNAMENT_ID)], post: rotation('tournament', 'Tournament', tournamentPath, tournament, new TournamentNotFoundError()) },
      '/api/v1/leagues/{id}/share/rotate': { parameters: [leagueId], post: rotation('league', 'League', leaguePath, league, new LeagueNotFoundError()) },
    },
  };
}
