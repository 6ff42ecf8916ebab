import { viewingApiDocs } from '../viewing/viewing.openapi';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { eventsApiDocs } from '../events/events.openapi';
import { healthApiDocs } from '../health/health.openapi';
import { leaguesApiDocs } from '../leagues/leagues.openapi';
import { leagueStandingsApiDocs } from '../leagues/league-standings.openapi';
import { leagueRatingsApiDocs } from '../leagues/league-ratings.openapi';
import { withdrawalsApiDocs } from '../matches/withdrawals.openapi';
import { stationsApiDocs } from '../matches/stations.openapi';
import { stagesApiDocs } from '../matches/stages.openapi';
import { matchesApiDocs, tournamentStartErrors } from '../matches/matches.openapi';
import { participantsApiDocs } from '../participants/participants.openapi';
import { rateLimitApiDocs } from '../rate-limit/rate-limit.openapi';
import { ApiDocs, publicOperation } from '../platform/openapi/openapi-kit';
import { buildDocument } from '../platform/openapi/openapi-document';
import { tokensApiDocs } from '../tokens/tokens.openapi';
import { tournamentsApiDocs } from '../tournaments/tournaments.openapi';
import { PROBLEM_GUIDE } from './problem-guide';
import { webhooksApiDocs } from '../webhooks/webhooks.openapi';

/**
 * The OpenAPI 3.1 document, collected from each module's `*.openapi.ts`.
 * A new module adds its `xxxApiDocs()` to the list below; /api/v1/openapi.json
 * serves the result and /docs is rendered from it.
 */
export interface OpenApiOptions {
  version: string;
  rateLimitPerMinute: number;
}

/** The seed's steps for getting a token, shared by the document and the /docs page. */
export const TOKEN_STEPS = [
  'Sign up at `/account/signup` with your email and a password of at least 12 characters.',
  'On your account settings page (`/account`), choose Subscribe to premium in the Plan section: API access requires it.',
  'In the API Token section, choose Generate Token.',
  'Copy the token (it starts with `tlm_`) and store it somewhere safe: it is shown exactly once.',
] as const;

export const TOKEN_NOTES = [
  'A lost token cannot be recovered: generate a new one instead.',
  'Generating a new token invalidates the previous one at once: requests using the old token get 401 `invalid_token`.',
  'The token is a secret: do not share it, commit it or put it in a URL.',
] as const;

function description(rateLimitPerMinute: number): string {
  return [
    'List, read, create, update and delete your tournaments and leagues, register participants in your tournaments, and run them: ' +
      'starting a tournament generates its matches, reported results move players on, and standings explain every tiebreak.',
    '**API access requires the premium plan.** Every request under `/api/v1` carries your API token as a bearer token ' +
      '(`Authorization: Bearer <API_TOKEN>`) and `Content-Type: application/json`.',
    'To get a token:',
    TOKEN_STEPS.map((step, index) => `${index + 1}. ${step}`).join('\n'),
    TOKEN_NOTES.join(' '),
    `Each account may make ${rateLimitPerMinute} requests per minute. Errors are RFC 9457 problem details; ` +
      'their `type` links to an explanation on the human documentation at `/docs`.',
  ].join('\n\n');
}

/** This module's own two routes. */
function docsApiDocs(): ApiDocs {
  const headers = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
  return {
    tags: [{ name: 'Documentation', description: 'This document and its HTML rendering. No token needed; not rate limited.' }],
    paths: {
      '/api/v1/openapi.json': {
        get: publicOperation({
          operationId: 'getOpenApiDocument',
          summary: 'This OpenAPI document',
          description: 'Generated from the server’s code at start-up; feed it to a client generator such as openapi-typescript.',
          tags: ['Documentation'],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              headers,
              content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' }, example: { openapi: '3.1.0' } } },
            },
          },
        }),
      },
      '/docs': {
        get: publicOperation({
          operationId: 'getDocs',
          summary: 'Human-readable documentation',
          description: 'This document rendered as one self-contained HTML page.',
          tags: ['Documentation'],
          responses: {
            '200': {
              description: 'The documentation page.',
              headers,
              content: { 'text/html': { schema: { type: 'string', maxLength: 1_000_000 }, example: '<!doctype html>…' } },
            },
          },
        }),
      },
    },
  };
}

export function buildOpenApiDocument(options: OpenApiOptions): OpenAPIObject {
  return buildDocument(
    {
      title: 'Tournament and League Management API',
      version: options.version,
      description: description(options.rateLimitPerMinute),
      rateLimitPerMinute: options.rateLimitPerMinute,
      problemOrder: Object.keys(PROBLEM_GUIDE),
    },
    [tournamentsApiDocs(tournamentStartErrors()), leaguesApiDocs(), leagueStandingsApiDocs(), leagueRatingsApiDocs(), participantsApiDocs(), matchesApiDocs(), withdrawalsApiDocs(), stationsApiDocs(), stagesApiDocs(), eventsApiDocs(), webhooksApiDocs(), healthApiDocs(), docsApiDocs(), tokensApiDocs(), rateLimitApiDocs(options.rateLimitPerMinute), viewingApiDocs()],
  );
}
