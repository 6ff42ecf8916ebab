import type { SchemaObject } from 'openapi3-ts/oas31';
import { ConcurrentWritesError } from '../platform/concurrency/fresh-version';
import { ApiDocs } from '../platform/openapi/openapi-kit';
import { SHARING_DOCS } from '../platform/openapi/sharing-docs';
import { FieldDocs, queryParameters } from '../platform/openapi/request-schema';
import { ProblemSource } from '../platform/openapi/problem-examples';
import { COMMON_FIELD_DOCS, resourceListParameterDocs, resourcePaths, resourceSchemas } from '../platform/openapi/resource-operations';
import { LeagueClosedError } from '../leagues';
import { Tournament, TournamentFormat } from './domain/tournament';
import { formatCatalog } from '../competition';
import { InvalidTournamentTransitionError, TournamentFieldLockedError, TournamentInProgressError, TournamentNotFoundError } from './domain/tournament-errors';
import { allowedTransitions, TOURNAMENT_STATUSES } from './domain/tournament-status';
import { ListTournamentsQuery } from './dto/list-tournaments.query';
import { CreateTournamentDto, UpdateTournamentDto } from './dto/tournament-body.dto';
import { presentTournament } from './dto/tournament.presenter';

/**
 * The tournaments part of the OpenAPI document. Types, limits and enums come
 * from the request classes, defaults and examples from the domain and its
 * presenter, errors from the domain's error classes: this file only says what
 * the fields mean.
 */
const EXAMPLE_ID = '0196a0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const EXAMPLE_LEAGUE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';

const FIELD_DOCS: FieldDocs = {
  ...COMMON_FIELD_DOCS,
  format: { description: 'How the tournament is played.' },
  participant_type: { description: 'Whether entrants are single players or teams.' },
  max_participants: {
    description:
      '`null` means no cap beyond the format’s limit: single and double elimination take at most 8 192 participants, swiss 8 192, free-for-all 1 024, round robin 256 (181 with `legs: 2`) (422 above it).',
  },
  status: {
    description:
      'Transitions: `draft → registration_open → registration_closed → in_progress → completed`, plus `registration_open → draft`, ' +
      '`registration_closed → registration_open`, `draft → in_progress`, and `cancelled` from any state that is not terminal. ' +
      'A new tournament starts as `draft` or `registration_open`; an illegal change is 409 `invalid_state_transition`.',
  },
  starts_at: { description: 'When play starts.' },
  ends_at: { description: 'When play ends; not before `starts_at`.' },
  league_id: { description: 'The league it belongs to: one of your own (else 422 on `/league_id`) that is `draft` or `active` (else 409 `league_closed`).' },
  visibility: { description: SHARING_DOCS.visibility },
  rounds: {
    description:
      '`swiss` and `free_for_all` only (422 for other formats): rounds to play. `null` = the default: ⌈log2 n⌉ for swiss, 1 for free-for-all. ' +
      'A swiss plays at most n − 1 rounds (422 at start, and against `max_participants`).',
  },
  third_place_match: {
    description: '`single_elimination` only (422 for other formats): the semi-final losers play for third place (bracket `third_place`). Default false.',
  },
  points: {
    description:
      '`round_robin` and `swiss` only: points for a win, a draw and a loss (whole numbers or halves, not negative; a bye is a win). ' +
      'Defaults 3/1/0 (round robin) and 1/0.5/0 (swiss); results left out keep their value (a merge patch), `null` restores the default. ' +
      'Shown with the defaults filled in; `null` for other formats. Locked once play starts.',
    examples: [{ win: 3, draw: 1, loss: 0 }],
  },
  tiebreakers: {
    description:
      '`round_robin` and `swiss` only: what orders rows level on points, in order. Head-to-head criteria (`head_to_head_points`, ' +
      '`head_to_head_score_difference`, `head_to_head_score_for`) count only the matches among the rows still tied and are re-applied to a group ' +
      'that stays tied after others were separated (the UEFA rule). `game_difference`, `games_won` and `game_score_difference` count the games of ' +
      'series (`best_of`; a result without games is one game). `buchholz`, `buchholz_cut1` and `sonneborn_berger` are swiss only (422 in round robin). ' +
      '`seed` always comes last (added when left out). Defaults: round robin `head_to_head_points, score_difference, score_for`; swiss ' +
      '`buchholz, sonneborn_berger`. A name repeated, unknown or not fitting the format is 422 at its index. Locked once play starts.',
    examples: [['head_to_head_points', 'head_to_head_score_difference', 'score_difference', 'score_for', 'seed']],
  },
  legs: {
    description:
      '`round_robin` only: 1 (everyone meets once, the default) or 2 (home and away: the second half mirrors the first with homes swapped, ' +
      '`opponents[0]` is the home side and matches carry `home_participant_id`; nobody plays more than two home or two away matches in a row, ' +
      'except in a field of 4). `legs: 2` in another format is 422. Locked once play starts.',
  },
  best_of: {
    description:
      'Games a match is the best of (issue 44): 1 to 9, default 1 (single games). A number for every match, or per round: ' +
      '`{ "default": 3, "rounds": { "final": 5, "semi_final": 5 } }` (brackets name `final`, `semi_final`, `quarter_final` from the main or winners’ ' +
      'bracket’s last round, `grand_final` in double elimination; any format takes round numbers). Even values only in `round_robin` and `swiss`, ' +
      'where a series may end level (a draw); `free_for_all` plays single games. Replaced whole by a PATCH; locked once play starts. See docs/matches.md.',
    examples: [3, { default: 3, rounds: { final: 5, semi_final: 5 } }],
  },
  weight: {
    description: 'The multiplier of this tournament’s placement points in its league’s table (a major worth 2). Greater than 0; default 1. Editable at any time, even once completed.',
    exclusiveMinimum: 0,
    examples: [2],
  },
  check_in_required: {
    description:
      'When `true`, the start leaves out participants who have not checked in (POST …/participants/{id}/check-in) and the PATCH answer lists them in ' +
      '`dropped_participants: [{ id, name }]`; fewer than 2 checked in is 409 `not_enough_participants`.',
  },
  schedule: {
    description:
      'How matches are scheduled (docs/schedule.md): `starts_at`, `match_minutes` (per round like `{ "default": 30, "rounds": { "final": 60 } }`), ' +
      '`rest_minutes` and `windows`. A patch merges key by key (a key sent as `null`, or `"schedule": null`, restores the default). Answered with the ' +
      'defaults filled in. Editable at any time. A window that ends before it starts, or a negative rest, is 422 at its pointer.',
    examples: [{ starts_at: '2026-05-01T17:00:00.000Z', match_minutes: { default: 20, rounds: { final: 30 } }, rest_minutes: 10, windows: [{ from: '2026-05-01T17:00:00.000Z', to: '2026-05-01T23:00:00.000Z' }] }],
  },
  check_in_opens_at: { description: 'When check-in opens (`null`: open until the start or `check_in_closes_at`). Outside the window check-in is 409 `check_in_closed`.' },
  check_in_closes_at: { description: 'When check-in closes (`null`: at the start). Not before `check_in_opens_at` (422).' },
};

const serverInstant = (description: string): SchemaObject => ({ type: ['string', 'null'], format: 'date-time', maxLength: 24, readOnly: true, description });

/** A tournament as the presenter sends it, built by the domain. */
function presented(fields: Parameters<typeof Tournament.create>[1]) {
  return { ...presentTournament(Tournament.create('example-account', fields, new Date('2026-04-02T09:15:00.000Z'))), id: EXAMPLE_ID };
}

/** The key under which the module that plays a tournament lists what it refuses on a status change. */
export const TOURNAMENT_START_ERRORS = 'tournaments.start-errors';

/**
 * `startErrors`: what the module that plays a tournament refuses when the status moves to `in_progress` or
 * `completed` (matches, above this module, says it in its manifest under TOURNAMENT_START_ERRORS).
 */
export function tournamentsApiDocs(startErrors: ProblemSource[]): ApiDocs {
  const create = { name: 'Spring Cup', format: formatCatalog.names()[0] as TournamentFormat, starts_at: '2026-05-01T18:00:00.000Z', league_id: EXAMPLE_LEAGUE_ID };
  const example = {
    ...presented({ name: create.name, format: create.format, startsAt: new Date(create.starts_at), leagueId: create.league_id, status: 'registration_open' }),
    metadata: { external_ref: 'evt-2026-041' },
  };
  return {
    tags: [{ name: 'Tournaments', description: 'Competitions. A tournament may belong to one league (`league_id`).' }],
    paths: resourcePaths({
      schema: 'Tournament',
      singular: 'tournament',
      collection: '/api/v1/tournaments',
      tag: 'Tournaments',
      exampleId: EXAMPLE_ID,
      listParameters: queryParameters(ListTournamentsQuery, {
        ...resourceListParameterDocs({ plural: 'tournaments', statuses: TOURNAMENT_STATUSES, someStatuses: ['draft', 'registration_open'], sort: '-starts_at', q: 'cup' }),
        format: { description: 'Only tournaments of this format.', example: 'swiss' },
        league_id: { description: 'Only tournaments of this league.', example: EXAMPLE_LEAGUE_ID },
        starts_after: { description: 'Only tournaments whose `starts_at` is at or after this instant.', example: '2026-05-01T00:00:00.000Z' },
        starts_before: { description: 'Only tournaments whose `starts_at` is strictly before this instant.', example: '2026-06-01T00:00:00.000Z' },
      }),
      examples: { resource: example, create, patch: { status: 'registration_closed', max_participants: null } },
      errors: {
        notFound: new TournamentNotFoundError(),
        create: [new LeagueClosedError('completed')],
        update: [
          new InvalidTournamentTransitionError('registration_open', 'completed', allowedTransitions('registration_open')),
          new TournamentFieldLockedError('in_progress', ['format', 'tiebreakers']),
          ...startErrors,
          new LeagueClosedError('archived'),
          new ConcurrentWritesError('tournament'),
        ],
        delete: [new TournamentInProgressError(), new ConcurrentWritesError('tournament')],
      },
      descriptions: {
        createConflict: 'The league named by `league_id` no longer accepts tournaments, or a request with the same `Idempotency-Key` is still running.',
        updateConflict: 'The change is not allowed in the current state, or other requests kept changing the tournament.',
        deleteConflict: 'The tournament is `in_progress` (cancel it first), or other requests kept changing it.',
      },
    }),
    components: {
      schemas: resourceSchemas({
        schema: 'Tournament',
        description: 'A competition, optionally part of a league.',
        create: CreateTournamentDto,
        update: UpdateTournamentDto,
        fieldDocs: FIELD_DOCS,
        serverFields: {
          started_at: serverInstant('Set when the tournament moves to `in_progress` (which generates its matches: at least 2 participants).'),
          completed_at: serverInstant('Set when the tournament moves to `completed`: by itself, when its last match is reported.'),
          share_id: SHARING_DOCS.shareId,
          participant_count: {
            type: 'integer',
            format: 'int32',
            minimum: 0,
            maximum: 2_147_483_647,
            readOnly: true,
            description: 'How many participants are registered; part of the `ETag`.',
          },
        },
        createdWithDefaults: presented({ name: 'Spring Cup', format: 'swiss' }),
        example,
        patchDescription:
          'A JSON merge patch (RFC 7396): absent fields stay unchanged, `null` clears an optional field. ' +
          'From `in_progress` on, only `name`, `description`, `metadata`, `status`, `weight`, `visibility`, `schedule` and each stage\u2019s `schedule` (`stages` sent with nothing else changed) may change (409 `field_locked`). ' +
          'A start with `check_in_required` answers with the tournament plus `dropped_participants: [{ id, name }]`, who were left out for not checking in.',
      }),
    },
  };
}
