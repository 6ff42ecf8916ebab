import { GroupsNotFillableError } from '../competition';
import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import { InvalidError } from '../kernel/domain-error';
import { API_HEADERS, ApiDocs, ApiOperation, emptyResponse, getOneOperation, headerRefs, idParameter, jsonBody, jsonResponse, ref, schemaRef } from '../platform/openapi/openapi-kit';
import { LIST_PARAMETER_DOCS } from '../platform/openapi/openapi-document';
import { ProblemSource, problemResponse } from '../platform/openapi/problem-examples';
import { queryParameters, requestBodySchema } from '../platform/openapi/request-schema';
import { listSchema } from '../platform/openapi/resource-operations';
import { MAX_PAGE_SIZE } from '../platform/pagination/page';
import { TournamentNotFoundError } from '../tournaments';
import { bracketReached } from '../competition';
import { generateMatches } from '../competition';
import { BRACKETS, DECIDER_METHODS, MATCH_RESULTS, MATCH_STATUSES } from '../competition';
import {
  CorrectionReopensTournamentError,
  DependentMatchesReportedError,
  DrawNotAllowedError,
  MatchesPendingError,
  MatchNotFoundError,
  MatchNotReadyError,
  NotEnoughCheckedInError,
  NotEnoughParticipantsError,
} from '../competition';
import { MatchRecord } from './domain/match.repository';
import { TournamentPlay } from '../competition';
import { ScheduleConflictError } from '../competition';
import { ListMatchesQuery } from './dto/list-matches.query';
import { PreviewMatchQuery, UpdateMatchDto, UpdateMatchQuery } from './dto/match-body.dto';
import { presentMatch } from './dto/match.presenter';
import { presentStandingRow } from './dto/standing-row.presenter';
import './matches.problems';

/**
 * The matches part of the OpenAPI document (see tournaments.openapi.ts for what comes from where): the PATCH body
 * and the query parameters from the request classes, the examples played by the domain, the errors its own.
 */
const EXAMPLE_TOURNAMENT_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const COLLECTION = `/api/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}/matches`;
const EXAMPLE_IDS = ['0196a0d1-5e6f-7a80-9b1c-2d3e4f5a6b7c', '0196a0d1-5e6f-7a80-9b1c-2d3e4f5a6b7d', '0196a0d1-5e6f-7a80-9b1c-2d3e4f5a6b7e'];
const PARTICIPANTS = [
  { id: '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7b', seed: 1, name: 'Ada Lovelace' },
  { id: '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7c', seed: 2, name: 'Alan Turing' },
  { id: '0196a0c2-4d5e-7f60-8a1b-2c3d4e5f6a7d', seed: 3, name: 'Grace Hopper' },
];
const ITEM = `${COLLECTION}/${EXAMPLE_IDS[0]}`;
const tag = ['Matches'];

/** A 3-player single elimination, its first real match reported: the examples are what the server would send. */
function played() {
  const settings = { format: 'single_elimination' as const, rounds: null };
  const started = new Date('2026-05-01T17:00:00.000Z');
  const ids = [...EXAMPLE_IDS];
  const matches = generateMatches(settings, PARTICIPANTS, () => ids.shift()!, started);
  const play = new TournamentPlay(settings, PARTICIPANTS, matches, () => 'unused');
  const reported = play.report(matches[0].id, { scores: [2, 1] }, { resetDependents: false, tournamentCompleted: false, now: new Date('2026-05-01T18:42:10.512Z') });
  const record = (match: (typeof matches)[number], version: number): MatchRecord => ({
    ...match,
    accountId: 'example-account',
    tournamentId: EXAMPLE_TOURNAMENT_ID,
    scheduledAt: new Date('2026-05-01T18:00:00.000Z'),
    endsAt: new Date('2026-05-01T18:30:00.000Z'),
    stationId: null,
    pinnedAt: null,
    scheduleSequence: 1,
    createdAt: started,
    updatedAt: match.completedAt ?? started,
    version,
  });
  const names = new Map(PARTICIPANTS.map((participant) => [participant.id, participant.name]));
  const reached = bracketReached(settings.format, play.all());
  const entrants = new Map(PARTICIPANTS.map((participant) => [participant.id, participant]));
  return {
    match: presentMatch(record(reported.match, 2), entrants),
    next: presentMatch(record(reported.updated.find((match) => match.id !== reported.match.id)!, 2), entrants),
    standings: play.standings().map((row) => presentStandingRow({ ...row, name: names.get(row.participantId)!, reached: reached.get(row.participantId) ?? null, status: 'active' })),
  };
}

const nullableUuid = (description: string): SchemaObject => ({ type: ['string', 'null'], format: 'uuid', minLength: 36, maxLength: 36, readOnly: true, description });
const instant = (description: string): SchemaObject => ({ type: ['string', 'null'], format: 'date-time', maxLength: 24, description });
const count: SchemaObject = { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 };
const reference: SchemaObject = {
  type: 'object',
  required: ['id', 'number'],
  properties: { id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 }, number: { ...count, minimum: 1 } },
};

/** A place, rank or seed in a stage's source: whole, bounded like the largest field. */
const place = (): SchemaObject => ({ type: 'integer', format: 'int32', minimum: 1, maximum: 8192 });

function schemas(example: ReturnType<typeof played>): Record<string, SchemaObject> {
  const standingRow: Record<string, SchemaObject> = {
    rank: { ...count, minimum: 1, description: 'Rows no tiebreaker separates share a rank (1, 1, 3); the final rank once the tournament is completed.' },
    participant_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
    name: { type: 'string', maxLength: 100, description: 'The participant’s name.' },
    status: {
      type: 'string',
      enum: ['active', 'withdrawn', 'disqualified'],
      description: 'Whether they are still in: `withdrawn` or `disqualified` once they left (POST …/participants/{id}/withdraw). They keep their row and results.',
    },
    played: { ...count, description: 'Completed matches, a swiss bye included.' },
    wins: count,
    draws: count,
    losses: count,
    points: {
      type: 'number',
      description:
        'Round robin and swiss: the tournament’s `points` per win/draw/loss (defaults 3/1/0 and 1/0.5/0; a bye is a win); ' +
        'free-for-all n − rank + 1 per round; elimination formats: wins.',
    },
    score_for: { type: 'number' },
    score_against: { type: 'number' },
    games_won: {
      type: ['number', 'null'],
      description: 'Where the tournament plays series (`best_of` above 1): games won (½ for a drawn game; a result reported without games is one game, a forfeit none). `null` otherwise.',
    },
    games_lost: { type: ['number', 'null'], description: 'Games lost, counted as `games_won`; `null` where the tournament plays single games.' },
    tiebreakers: {
      type: 'array',
      maxItems: 13,
      items: schemaRef('Tiebreaker'),
      description:
        'In the order they apply, each with its value. Round robin and swiss: the tournament’s `tiebreakers` (defaults: round robin ' +
        '`head_to_head_points`, `score_difference`, `score_for`, `seed`; swiss `buchholz`, `sonneborn_berger`, `seed`). A head-to-head value counts ' +
        'only the matches among the rows it was applied to (those still tied; see docs/matches.md). Free-for-all: `seed`. ' +
        'Elimination: `in_contention` (still in and able to win: not knocked out, not withdrawn, not in the third-place match), in double elimination `undefeated` (of those in contention, no loss yet: the winners’ bracket; `null` for the others), `stage_reached` (how far in the bracket) and `still_in` (not knocked out, and not withdrawn). A lower seed is better; unseeded participants tie on it.',
    },
    reached: {
      type: ['string', 'null'],
      maxLength: 40,
      description:
        'Elimination formats: the furthest match the participant is in or went out of, in words: `winners round 2`, `losers round 3`, ' +
        '`grand final`, `grand final reset`; single elimination `round 1`, `final`, `third-place match`. `null` in other formats.',
      examples: ['losers round 3'],
    },
  };
  const matchFields: Record<string, SchemaObject> = {
    id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, readOnly: true },
    tournament_id: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, readOnly: true },
    number: { ...count, minimum: 1, readOnly: true, description: 'Play order, unique in the tournament.' },
    round: { ...count, minimum: 1, readOnly: true },
    bracket: {
      type: 'string',
      enum: [...BRACKETS],
      readOnly: true,
      description:
        '`main`, or in double elimination `winners`, `losers` and `grand_final` (its round 2 is the reset match); `third_place` for a single ' +
        'elimination’s third-place match (played in the final’s round, before it).',
    },
    stage: { type: ['string', 'null'], maxLength: 32, readOnly: true, description: 'A multi_stage tournament’s stage key (issue 40, docs/stages.md); `null` otherwise.' },
    group: { type: ['string', 'null'], maxLength: 3, readOnly: true, description: 'The group of its stage (`A`, `B`, … `AA`); `null` outside a multi_stage tournament.' },
    status: {
      type: 'string',
      enum: [...MATCH_STATUSES],
      readOnly: true,
      description: '`pending`: an opponent is not known yet; `ready`: it can be reported; `in_progress`: a series with games reported and not decided yet; `completed`: it has a result.',
    },
    opponents: { type: 'array', maxItems: 1024, items: schemaRef('MatchOpponent'), description: 'In slot order: 2, 1 for a swiss bye, everyone in a free-for-all.' },
    winner_id: nullableUuid('`null` until reported, and for a draw.'),
    home_participant_id: nullableUuid('The home side in a round robin of `legs: 2` (always `opponents[0]`); `null` in every other format.'),
    outcome: {
      type: ['string', 'null'],
      enum: ['played', 'bye', 'forfeit', 'void', 'retired', 'double_forfeit', null],
      readOnly: true,
      description:
        'How a completed match was decided (`null` while open): `played`; `bye` (swiss); `forfeit` (reported with `outcome: forfeit`, or an opponent ' +
        'withdrew: the other wins, scores `null` unless set; also an elimination walkover after a double forfeit); `retired` (stopped during play: ' +
        'the games so far and the winner); `double_forfeit` (neither side showed: both lose); `void` (counts for nobody: both sides withdrew, or a ' +
        'round robin disqualification voided it).',
    },
    games: {
      type: 'array',
      maxItems: 9,
      readOnly: true,
      items: schemaRef('MatchGame'),
      description: 'A series’ games as reported, in order (the match’s `scores` are then the games won); empty for a result reported without games.',
    },
    decider: {
      oneOf: [schemaRef('MatchDecider'), { type: 'null' }],
      readOnly: true,
      description: 'What settled level scores in a single or double elimination match (reported with `decider`); `null` otherwise.',
    },
    next_match_id: nullableUuid('Where the winner goes (elimination formats).'),
    loser_next_match_id: nullableUuid('Where the loser goes (double elimination).'),
    scheduled_at: instant('When it is to be played; set by `POST …/schedule`, or with PATCH (which, with `pinned: true`, pins it).'),
    ends_at: { ...instant('When it is planned to end: `scheduled_at` plus its round’s `match_minutes` (docs/schedule.md).'), readOnly: true },
    station_id: { type: ['string', 'null'], format: 'uuid', minLength: 36, maxLength: 36, description: 'Where it is to be played (a station of the tournament); set by `POST …/schedule`, or with PATCH.' },
    pinned: { type: 'boolean', description: 'The organiser fixed its time and station (`PATCH` with `pinned: true`): `POST …/schedule` never moves it.' },
    completed_at: { ...instant('When its result was reported.'), readOnly: true },
    created_at: { type: 'string', format: 'date-time', maxLength: 24, readOnly: true },
    updated_at: { type: 'string', format: 'date-time', maxLength: 24, readOnly: true },
    version: { ...count, minimum: 1, readOnly: true, description: 'Grows by one with every change; the `ETag` is derived from it.' },
  };
  return {
    Match: {
      type: 'object',
      description:
        'One match. Elimination brackets exist whole from the start (byes are not matches); swiss rounds appear when the previous round completes, ' +
        'a bye being a completed one-sided win; a double-elimination reset match is created only if the losers’ bracket finalist wins the grand final.',
      required: Object.keys(matchFields),
      properties: matchFields,
      example: example.match,
    },
    MatchOpponent: {
      type: 'object',
      required: ['participant_id', 'name', 'seed', 'score', 'rank', 'result'],
      properties: {
        participant_id: { type: ['string', 'null'], format: 'uuid', minLength: 36, maxLength: 36, description: '`null` while the slot waits for an earlier match’s winner or loser.' },
        name: { type: ['string', 'null'], maxLength: 100, description: 'The participant’s name as it is now (`null` while the slot waits), so a bracket can be drawn from the match list alone.' },
        seed: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 1024, description: 'The participant’s seed; `null` when unseeded or while the slot waits.' },
        score: { type: ['number', 'null'] },
        rank: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 1024, description: 'Free-for-all only.' },
        result: { type: ['string', 'null'], enum: [...MATCH_RESULTS, null] },
        source: {
          type: 'object',
          description:
            'A later stage’s slot (issue 40): where its participant comes from, `{ stage, group, place }`, `{ stage, best, rank }` (the best k-th placed) or `{ stage, seed }` (seeding `standings` across groups). Kept once filled; absent elsewhere.',
          properties: { stage: { type: 'string', maxLength: 32 }, group: { type: 'string', maxLength: 3 }, place: place(), best: place(), rank: place(), seed: place() },
        },
        placeholder: { type: 'string', maxLength: 100, description: 'The slot in words while it waits and after: "Winner Group A", "Runner-up Group B", "Best third 1".' },
      },
    },
    MatchGame: {
      type: 'object',
      required: ['scores', 'winner_id'],
      properties: {
        scores: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: 0 }, description: 'In opponents order.' },
        winner_id: { type: ['string', 'null'], format: 'uuid', minLength: 36, maxLength: 36, description: 'Who won the game; `null` for a drawn game (half a game each).' },
      },
    },
    MatchDecider: {
      type: 'object',
      required: ['method', 'scores'],
      properties: {
        method: { type: 'string', enum: [...DECIDER_METHODS], description: 'How the level scores were settled.' },
        scores: {
          type: ['array', 'null'],
          minItems: 2,
          maxItems: 2,
          items: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000_000 },
          description: 'The decider’s own scores in opponents order (a shoot-out’s 2–4), the winner’s the higher; `null` where it had none (a coin toss).',
        },
      },
      example: { method: 'penalties', scores: [2, 4] },
    },
    MatchList: listSchema('Match', MAX_PAGE_SIZE),
    MatchPatch: requestBodySchema(
      UpdateMatchDto,
      {
        scores: { description: 'In opponents order; the higher score wins. Equal scores without `winner_id` are a draw (round robin and swiss only).' },
        winner_id: { description: 'One of the match’s opponents: needed when scores are equal in a format without draws, or with no scores (a forfeit).' },
        ranks: { description: 'Free-for-all: every opponent’s rank, distinct, 1…n, in opponents order.' },
        games: {
          description:
            'A series’ games so far or all of them (the tournament’s `best_of`), each `{ "scores": [11, 7] }` with `winner_id` where the scores do not ' +
            'decide (a level game without it is drawn: round robin and swiss only). The match’s `scores` become the games won; `scores` sent with ' +
            'them must equal that. Games that do not decide the series keep the match `in_progress` (event `match.updated`); a game after the ' +
            'series is decided, a bad score or winner is 422 at its pointer (`/games/5`, `/games/1/scores`). Not in free-for-all. See docs/matches.md.',
          examples: [[{ scores: [11, 7] }, { scores: [9, 11] }, { scores: [11, 4] }]],
        },
        outcome: {
          description:
            'A result not played out: `forfeit` (one side did not show: `winner_id`, scores optional, no games), `retired` (stopped during play: ' +
            '`winner_id` and the games (or scores) so far, which may favour the side that stopped; games that already decide the series are 422 at ' +
            '`/outcome`), `double_forfeit` (neither showed: both lose; nothing else may be sent). In elimination a double forfeit moves nobody on and ' +
            'the match it fed becomes a walkover (`outcome: forfeit`) for whoever arrives there. Not in free-for-all.',
        },
        decider: {
          description:
            'Single and double elimination: what settled level `scores`, sent with them and `winner_id` (`{ "method": "penalties", "scores": [2, 4] }`, ' +
            'the scores optional, in opponents order, the winner’s the higher). 422 at `/decider` in other formats, with scores that are not level, with ' +
            '`outcome` or with `games` (a level game names its `winner_id`); at `/decider/scores` when they do not put the winner higher. A correction ' +
            'without it clears it. Level scores without `winner_id` stay 422 `draw_not_allowed`.',
          examples: [{ method: 'penalties', scores: [2, 4] }],
        },
        scheduled_at: { description: 'When it is to be played; `null` clears it. Settable on any match, a pending one included. `ends_at` follows (its round’s `match_minutes`).' },
        station_id: { description: 'Where it is to be played: one of the tournament’s stations (another is 422); `null` clears it.' },
        pinned: {
          description:
            '`true` pins it where `scheduled_at` and `station_id` put it (sent or stored; without both, 422): `POST …/schedule` plans around it. A pin that ' +
            'breaks a hard rule against a fixed match (another pin, a match being played) or its station’s time and the windows is 409 `schedule_conflict`. ' +
            '`false` unpins it.',
        },
      },
      'A result and/or `scheduled_at`. Re-reporting a completed match corrects it. 422 `draw_not_allowed` for a draw outside round robin and swiss.',
    ),
    MatchReportPreview: {
      type: 'object',
      example: previewExample(example),
      description: 'The answer of `POST …/preview` (and the deprecated `?dry_run=true`): what the report would change (nothing is written), and the standings it would give.',
      required: ['dry_run', 'match', 'changed_matches', 'created_matches', 'deleted_matches', 'cleared_matches', 'tournament_completes', 'tournament_reopens', 'standings'],
      properties: {
        dry_run: { type: 'boolean', enum: [true] },
        match: schemaRef('Match'),
        changed_matches: { type: 'array', maxItems: 100_000, items: schemaRef('Match'), description: 'Other matches as they would be (a winner moved on, a slot emptied).' },
        created_matches: { type: 'array', maxItems: 100_000, items: schemaRef('Match'), description: 'Matches that would appear (a swiss round, a reset match).' },
        deleted_matches: { type: 'array', maxItems: 100_000, items: reference, description: 'Matches that would go (a re-paired swiss round, a reset no longer needed).' },
        cleared_matches: { type: 'array', maxItems: 100_000, items: reference, description: 'Reported matches whose results would be cleared (what `reset_dependents=true` clears).' },
        tournament_completes: { type: 'boolean', description: 'Whether every match would then have a result.' },
        tournament_reopens: {
          type: 'boolean',
          description: 'Whether a completed tournament would be in progress again (the correction clears reported results or needs the grand-final reset).',
        },
        standings: { type: 'array', maxItems: 100_000, items: schemaRef('StandingRow') },
      },
    },
    Tiebreaker: {
      type: 'object',
      required: ['name', 'value'],
      properties: { name: { type: 'string', maxLength: 40 }, value: { type: ['number', 'boolean', 'null'] } },
    },
    StandingRow: { type: 'object', required: Object.keys(standingRow), properties: standingRow, example: example.standings[0] },
    Standings: {
      type: 'object',
      required: ['data'],
      description: 'Every participant, best first, computed from the reported matches.',
      properties: { data: { type: 'array', maxItems: 100_000, items: schemaRef('StandingRow') } },
    },
  };
}

/** The refusals of a tournament's status change that playing it adds (documented on the tournament's PATCH). */
export function tournamentStartErrors(): ProblemSource[] {
  return [new NotEnoughParticipantsError(1), new NotEnoughCheckedInError(1, 12), new MatchesPendingError(3), new GroupsNotFillableError([{ group: 'D', detail: 'Group D has 1 participant; a group needs at least 2.' }])];
}

export function matchesApiDocs(): ApiDocs {
  const example = played();
  return {
    tags: [
      {
        name: 'Matches',
        description:
          'Generated when a tournament starts (PATCH `status` to `in_progress`), by format. Report results on them; winners and losers move on at once, ' +
          'and the tournament completes by itself. Standings explain every tiebreak.',
      },
    ],
    paths: {
      '/api/v1/tournaments/{id}/matches': { parameters: [tournamentId()], get: list(example.match) },
      '/api/v1/tournaments/{id}/matches/{match_id}': { parameters: [tournamentId(), matchId()], get: getOneOperation('Match', 'match', 'Matches', example.match, notFound(ITEM, new MatchNotFoundError())), patch: report(example) },
      '/api/v1/tournaments/{id}/matches/{match_id}/preview': { parameters: [tournamentId(), matchId()], post: preview(example) },
      '/api/v1/tournaments/{id}/standings': { parameters: [tournamentId()], get: standings(example.standings) },
    },
    components: { schemas: schemas(example) },
  };
}

function tournamentId(): ParameterObject {
  return idParameter('tournament', EXAMPLE_TOURNAMENT_ID);
}

function matchId(): ParameterObject {
  return {
    ...idParameter('match', EXAMPLE_IDS[0]),
    name: 'match_id',
    description: 'The match’s id. A malformed id is 404, like an unknown one or one of another tournament.',
  };
}

const notFound = (instance: string, error: unknown) =>
  problemResponse('No such tournament among yours (unknown id, malformed id, or another account’s), or no such match in it.', instance, [error], API_HEADERS);

function list(example: object): ApiOperation {
  return {
    operationId: 'listMatches',
    summary: 'List a tournament’s matches',
    description:
      'In play order (`number`), one page at a time. Empty until the tournament starts. Unknown query parameters are 400. ' +
      'The `ETag` moves with every change of the tournament: send it in `If-None-Match` to poll for 304.',
    tags: tag,
    parameters: [ref('parameters', 'IfNoneMatch'), ...queryParameters(ListMatchesQuery, {
      ...LIST_PARAMETER_DOCS,
      sort: { description: 'Play order (`number`), ascending by default; `-number` for the latest first.', example: '-number' },
      round: { description: 'Only matches of this round.', example: 2, schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 99_999 } },
      bracket: { description: 'Only matches of this bracket.', example: 'losers' },
      status: {
        description: 'Only matches in one of these statuses, comma-separated (`status=ready,pending`); repeating the parameter means the same.',
        style: 'form',
        explode: false,
        schema: { type: 'array', minItems: 1, maxItems: MATCH_STATUSES.length, uniqueItems: true, items: { type: 'string', enum: [...MATCH_STATUSES] } },
        example: ['ready'],
      },
      participant_id: { description: 'Only matches this participant plays in.', example: PARTICIPANTS[0].id },
      stage: { description: 'Only matches of this stage (its key) in a multi_stage tournament.', example: 'groups' },
      group: { description: 'Only matches of this group (its label) of a stage.', example: 'A' },
    })],
    responses: {
      '200': jsonResponse('A page of matches.', 'MatchList', { data: [example], next_cursor: null }, { ...headerRefs('Link'), ETag: ref('headers', 'ListETag') }),
      '304': notModified(),
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound(COLLECTION, new TournamentNotFoundError()),
    },
  };
}

function report(example: ReturnType<typeof played>): ApiOperation {
  return {
    operationId: 'reportMatch',
    summary: 'Report (or correct) a result, or schedule a match',
    description:
      'One transaction: the result, winners and losers moved on, the next swiss round paired, a reset match created, the tournament completed ' +
      '(participants get `final_rank`). Reports of one tournament apply one at a time, so two reports feeding the same next match both land. ' +
      'A correction is allowed while no match depending on it is reported (else 409 `dependent_matches_reported`, unless `reset_dependents=true`). ' +
      'In a completed tournament, a correction nothing reported depends on keeps it completed with re-derived ranks; with `reset_dependents=true` ' +
      'one that clears reported results (or needs the grand-final reset) reopens it: `in_progress` again, `completed_at` and final ranks cleared until ' +
      'its last match is reported again (409 `league_closed` if its league is completed or archived). A match decided by a withdrawal is 409 `match_not_ready`.',
    tags: tag,
    parameters: [
      ref('parameters', 'IfMatch'),
      ...queryParameters(UpdateMatchQuery, {
        dry_run: {
          description:
            'Deprecated (use `POST …/matches/{match_id}/preview`, which documents its answer): `true` answers 200 with a `MatchReportPreview` ' +
            'instead of the match, changes nothing, and sends `Deprecation`, `Sunset` and `Link` headers. It keeps working until its sunset (see Versioning).',
          deprecated: true,
          example: 'true',
        },
        reset_dependents: {
          description: '`true`: a correction whose dependent matches are reported clears their results (recursively) in the same transaction instead of answering 409.',
          example: 'true',
        },
      }),
    ],
    requestBody: jsonBody('MatchPatch', 'The result and/or schedule.', { scores: [2, 1] }, { mergePatch: true }),
    responses: {
      '200': {
        description:
          'Reported; the body is the match as it is now (with its new `ETag`). With the deprecated `dry_run=true` it is a `MatchReportPreview` ' +
          '(`dry_run: true`, nothing written, no `ETag`), as `POST …/preview` answers.',
        headers: {
          ETag: { description: 'The match’s new entity tag.', schema: { type: 'string', maxLength: 40 } },
          ...headerRefs('Deprecation', 'Sunset'),
          ...API_HEADERS,
        },
        content: {
          'application/json': {
            // Both shapes: a client that still sends dry_run=true gets the preview, and a typed client must be able to say so.
            schema: { oneOf: [schemaRef('Match'), schemaRef('MatchReportPreview')] },
            examples: {
              reported: { summary: 'Reported', value: example.match },
              dry_run: { summary: 'With the deprecated dry_run=true: the preview', value: previewExample(example) },
            },
          },
        },
      },
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound(ITEM, new MatchNotFoundError()),
      '409': problemResponse(
        'The match cannot take this result now, or the pin breaks a rule of the schedule (`schedule_conflict`, naming the rule and the other match).',
        ITEM,
        [
          new MatchNotReadyError('This match is not ready: an opponent is not known yet.'),
          new DependentMatchesReportedError([{ id: EXAMPLE_IDS[2], number: 3 }], false),
          new CorrectionReopensTournamentError(),
          new ScheduleConflictError([{ rule: 'station_overlap', otherMatch: { id: EXAMPLE_IDS[2], number: 3 } }]),
        ],
        API_HEADERS,
      ),
      '412': ref('responses', 'PreconditionFailed'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': problemResponse(
        'The result breaks a rule, the station is not one of the tournament’s, or a pin lacks a time or a station.',
        ITEM,
        [
          InvalidError.field('/winner_id', 'must be one of the match’s opponents.'),
          new DrawNotAllowedError('/scores', 'single_elimination'),
          InvalidError.field('/station_id', 'station_id must be the id of one of this tournament’s stations.'),
        ],
        API_HEADERS,
      ),
    },
  };
}

function previewExample(example: ReturnType<typeof played>) {
  return {
    dry_run: true,
    match: example.match,
    changed_matches: [example.next],
    created_matches: [],
    deleted_matches: [],
    cleared_matches: [],
    tournament_completes: false,
    tournament_reopens: false,
    standings: example.standings,
  };
}

function preview(example: ReturnType<typeof played>): ApiOperation {
  return {
    operationId: 'previewMatchReport',
    summary: 'Preview a report: what it would change',
    description:
      'Takes the body a report (PATCH) takes and answers what that report would change, changing nothing: the match, the matches it would ' +
      'fill, create, delete or clear, whether the tournament would complete, and the standings it would give. With `reset_dependents=true` it ' +
      'previews a correction that clears reported dependents. `If-Match` is checked as on the PATCH.',
    tags: tag,
    parameters: [
      ref('parameters', 'IfMatch'),
      ...queryParameters(PreviewMatchQuery, {
        reset_dependents: { description: '`true`: preview a correction that clears the results of reported dependent matches (recursively).', example: 'true' },
      }),
    ],
    requestBody: jsonBody('MatchPatch', 'The result and/or schedule, as for the report.', { scores: [2, 1] }),
    responses: {
      '200': jsonResponse('What the report would change; nothing was written.', 'MatchReportPreview', previewExample(example)),
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound(`${ITEM}/preview`, new MatchNotFoundError()),
      '409': problemResponse(
        'The match cannot take this result now.',
        `${ITEM}/preview`,
        [new MatchNotReadyError('This match is not ready: an opponent is not known yet.'), new DependentMatchesReportedError([{ id: EXAMPLE_IDS[2], number: 3 }], false)],
        API_HEADERS,
      ),
      '412': ref('responses', 'PreconditionFailed'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': ref('responses', 'UnsupportedMediaType'),
      '422': problemResponse(
        'The result breaks a rule.',
        `${ITEM}/preview`,
        [InvalidError.field('/winner_id', 'must be one of the match’s opponents.'), new DrawNotAllowedError('/scores', 'single_elimination')],
        API_HEADERS,
      ),
    },
  };
}

/** Lists and standings: the tournament's tag, checked before anything is computed. */
function notModified() {
  return emptyResponse('`If-None-Match` matched: nothing in the tournament changed since. No body.', headerRefs('ETag'));
}

function standings(example: object[]): ApiOperation {
  return {
    operationId: 'getStandings',
    summary: 'The tournament’s standings',
    description:
      'Computed from the reported matches, with every tiebreaker’s value. Once the tournament is completed, `rank` is each participant’s `final_rank`. ' +
      'In a multi_stage tournament: the final placement of the whole event (the last stage’s places, then everyone else by the stage they went out in, ' +
      'their group rank, their points); with `stage=KEY`, that stage’s group tables (each row with its `group` and its `rank` in it) and, where `best` is set, the table of the k-th placed rows in `best` (docs/stages.md). ' +
      'Other query parameters are 400. The `ETag` moves with every change of the tournament: send it in `If-None-Match` to poll for 304.',
    tags: tag,
    parameters: [
      ref('parameters', 'IfNoneMatch'),
      { name: 'stage', in: 'query', required: false, description: 'A stage’s key: its group tables instead of the whole event’s placement (unknown key: 404).', schema: { type: 'string', maxLength: 32, pattern: '^[a-z0-9_-]{1,32}$' }, example: 'groups' },
    ],
    responses: {
      '200': jsonResponse('The standings.', 'Standings', { data: example }, { ETag: ref('headers', 'ListETag') }),
      '304': notModified(),
      '400': ref('responses', 'InvalidParameter'),
      '404': notFound(`/api/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}/standings`, new TournamentNotFoundError()),
    },
  };
}
