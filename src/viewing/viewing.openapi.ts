import type { ParameterObject } from 'openapi3-ts/oas31';
import { League } from '../leagues';
import { LeagueNotFoundError } from '../leagues';
import { presentLeague } from '../leagues';
import { NotSharedError } from '../kernel/sharing';
import { API_HEADERS, ApiDocs, ApiOperation, headerRefs, idParameter, jsonResponse, publicOperation, ref } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { Tournament } from '../tournaments';
import { TournamentNotFoundError } from '../tournaments';
import { presentTournament } from '../tournaments';
import { TooManyViewerStreamsError } from './domain/stream-slots';
import './viewing.problems';

/**
 * The viewing part of the OpenAPI document: rotating a share link, and the viewers' live stream (documented for its
 * refusals). The other viewer routes (/v/…) are public pages, images and a snapshot outside the JSON API;
 * docs/viewing.md and /docs describe them.
 */
const TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';
const CREATED = new Date('2026-04-02T09:15:00.000Z');
const EXAMPLE_SHARE_ID = 'q7Yk2vB0sRzE4nW9tLmX1A';
const EXAMPLE_STATE = 'e1234-3kq9Zb7XyW1vT0pA';

function rotation(what: 'tournament' | 'league', schema: string, path: string, example: object, notFound: unknown): ApiOperation {
  return {
    operationId: `rotate${schema}ShareLink`,
    summary: `Replace the ${what}’s share link`,
    description:
      `A new \`share_id\` for an unlisted ${what}: its pages, embed, images, snapshot and live stream move to the new link, and the old link ` +
      'answers 404 at once (like a link that never existed). Send nothing in the body, and no Content-Type is needed; a body without one is ' +
      '415. 409 `not_shared` while it is private.',
    tags: [what === 'tournament' ? 'Tournaments' : 'Leagues'],
    responses: {
      '200': jsonResponse(`The ${what}, with its new \`share_id\` (and \`ETag\`).`, schema, example, headerRefs('ETag')),
      '404': problemResponse(`No such ${what} among yours (unknown id, malformed id, or another account’s).`, path, [notFound], API_HEADERS),
      '409': problemResponse(`The ${what} is private: there is no link to replace.`, path, [new NotSharedError(what === 'tournament' ? 'The tournament' : 'The league')], API_HEADERS),
      '415': ref('responses', 'UnsupportedMediaType'),
    },
  };
}

function viewerStream(): ApiOperation {
  const path = `/v/${EXAMPLE_SHARE_ID}/events`;
  // The address's public budget (PUBLIC_RATE_LIMIT_PER_MINUTE), in the API's two dialects.
  const headers = API_HEADERS;
  return publicOperation({
    operationId: 'streamSharedView',
    summary: 'Follow a shared tournament or league live (Server-Sent Events, no token)',
    description:
      'The live stream of the page at `/v/{share_id}`: each change sends the parts of the page that changed, rendered (`event: update`, its `id:` the ' +
      'new state); `event: gone` when the link is rotated or made private, or the tournament deleted. `?since=` (or `Last-Event-ID`) names the state ' +
      'the page was rendered from; an older one gets every part at once. Counted against the address’s `PUBLIC_RATE_LIMIT_PER_MINUTE`. Open streams ' +
      'are bounded per client address (`PUBLIC_STREAMS_PER_ADDRESS`, 20) and per instance (`PUBLIC_STREAMS_PER_INSTANCE`, 5 000); a closed stream ' +
      'frees its place at once.',
    tags: ['Tournaments', 'Leagues'],
    parameters: [
      { name: 'share_id', in: 'path', required: true, description: 'The share link’s id (`share_id` of an unlisted tournament or league); anything else is 404.', schema: { type: 'string', maxLength: 100 }, example: EXAMPLE_SHARE_ID },
      { name: 'since', in: 'query', required: false, description: 'The state the page shows (its `data-state`).', schema: { type: 'string', maxLength: 100 }, example: EXAMPLE_STATE },
      { name: 'Last-Event-ID', in: 'header', required: false, description: 'The `id:` of the last update received (wins over `since`).', schema: { type: 'string', maxLength: 100 }, example: EXAMPLE_STATE },
    ],
    responses: {
      '200': {
        description: 'The stream. It stays open; each update is `event: update`, `id: <state>` and `data: {"state", "parts": [{"id", "html"}]}`.',
        headers,
        content: { 'text/event-stream': { schema: { type: 'string', maxLength: Number.MAX_SAFE_INTEGER, description: 'Open-ended: updates until the stream ends.' }, example: 'retry: 1000\n\n: still here\n\n' } },
      },
      '404': problemResponse('No shared tournament or league has this link (unknown, rotated, private, deleted or malformed).', path, [
        { code: 'not_found', detail: 'No shared tournament or league has this link.' },
      ], headers),
      '429': problemResponse(
        'The address used up its public requests for this minute, or it (or this instance) already holds the most viewer streams.',
        path,
        [new TooManyViewerStreamsError('address', 20), { code: 'rate_limited', detail: 'The limit of 600 requests per minute is used up. Retry in 12 seconds.', headers: { 'retry-after': '12' } }],
        { ...headerRefs('Retry-After'), ...headers },
      ),
    },
  });
}

const CALENDAR_EXAMPLE =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tournament API//Schedule//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:Spring Cup\r\n' +
  'BEGIN:VEVENT\r\nUID:match-0196a0d0-0000-7000-8000-000000000001@' + TOURNAMENT_ID + '.tournaments\r\nDTSTAMP:20260501T160000Z\r\nDTSTART:20260501T170000Z\r\n' +
  'DTEND:20260501T173000Z\r\nSEQUENCE:1\r\nSUMMARY:#1 Ana vs Bo\r\nLOCATION:Table 1\r\nSTATUS:CONFIRMED\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

/** The schedule as a calendar (issue 41): public through a share link. */
function sharedCalendar(): ApiOperation {
  const path = `/v/${EXAMPLE_SHARE_ID}/schedule.ics`;
  return publicOperation({
    operationId: 'sharedScheduleCalendar',
    summary: 'Subscribe to a shared tournament’s schedule (RFC 5545, no token)',
    description:
      'Every match with a time as a VEVENT: a `UID` that never changes, `DTSTART`/`DTEND` in UTC, `LOCATION` = the station’s name, `SEQUENCE` one higher ' +
      'each time the match’s time or station changes, `DTSTAMP` = its last change. `?participant=ID`: that participant’s matches only. A private, ' +
      'rotated or unknown link is 404. The same calendar with a token: `GET /api/v1/tournaments/{id}/schedule.ics`.',
    tags: ['Tournaments'],
    parameters: [
      { name: 'share_id', in: 'path', required: true, description: 'The share link’s id of an unlisted tournament.', schema: { type: 'string', maxLength: 100 }, example: EXAMPLE_SHARE_ID },
      { name: 'participant', in: 'query', required: false, description: 'A participant’s id: only their matches.', schema: { type: 'string', maxLength: 100 }, example: '0196a0c1-0000-7000-8000-000000000001' },
    ],
    responses: {
      '200': { description: 'The calendar.', headers: API_HEADERS, content: { 'text/calendar': { schema: { type: 'string', maxLength: Number.MAX_SAFE_INTEGER }, example: CALENDAR_EXAMPLE } } },
      '404': problemResponse('No shared tournament has this link (unknown, rotated, private, deleted, a league, or malformed).', path, [
        { code: 'not_found', detail: 'No shared tournament or league has this link.' },
      ], API_HEADERS),
      '429': problemResponse('The address used up its public requests for this minute.', path, [{ code: 'rate_limited', detail: 'The limit of 600 requests per minute is used up. Retry in 12 seconds.', headers: { 'retry-after': '12' } }], { ...headerRefs('Retry-After'), ...API_HEADERS }),
    },
  });
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
      '/v/{share_id}/events': { get: viewerStream() },
      '/v/{share_id}/schedule.ics': { get: sharedCalendar() },
    },
  };
}
