import { ConcurrentWritesError } from '../platform/concurrency/fresh-version';
import { ApiDocs } from '../platform/openapi/openapi-kit';
import { ratingSettingSchema } from './dto/rating-setting.schema';
import { FieldDocs, queryParameters } from '../platform/openapi/request-schema';
import { SHARING_DOCS } from '../platform/openapi/sharing-docs';
import { COMMON_FIELD_DOCS, resourceListParameterDocs, resourcePaths, resourceSchemas } from '../platform/openapi/resource-operations';
import { League } from './domain/league';
import { InvalidLeagueTransitionError, LeagueNotEmptyError, LeagueNotFoundError } from './domain/league-errors';
import { allowedTransitions, LEAGUE_STATUSES } from './domain/league-status';
import { CreateLeagueDto, UpdateLeagueDto } from './dto/league-body.dto';
import { ListLeaguesQuery } from './dto/list-leagues.query';
import { presentLeague } from './dto/league.presenter';
import './leagues.problems';

/** The leagues part of the OpenAPI document (see tournaments.openapi.ts for what comes from where). */
const EXAMPLE_ID = '0196a0b7-0f1e-7d2c-9b3a-4c5d6e7f8a9b';

const FIELD_DOCS: FieldDocs = {
  ...COMMON_FIELD_DOCS,
  visibility: { description: SHARING_DOCS.visibility },
  season: { description: 'A label such as `2026 Spring`.' },
  status: {
    description:
      'Transitions: `draft → active → completed → archived`, plus `draft → archived`. A new league starts as `draft` or `active`; ' +
      'an illegal change is 409 `invalid_state_transition`.',
  },
  starts_on: { description: 'The first day of the league.' },
  ends_on: { description: 'The last day of the league; not before `starts_on`.' },
  scoring: {
    description:
      'How `GET /api/v1/leagues/{id}/standings` ranks: `placements` (default) gives each competitor placement points for its final rank in every ' +
      'completed tournament, times the tournament’s `weight`; `sum` adds up the round robin and swiss tables of its tournaments.',
  },
  placement_points: {
    description:
      '`placements` only: points per final rank, best ranks first: one rank (`"1"`) or a range (`"3-4"`). Ranges may not overlap, run backwards ' +
      'or come out of order; points are not negative; ranks below the last line earn 0. Shown with the default table until you set one; `null` ' +
      'restores the default; `null` for a `sum` league (422 if sent with it; switching to `sum` clears it).',
    examples: [
      [
        { ranks: '1', points: 100 },
        { ranks: '2', points: 70 },
        { ranks: '3-4', points: 50 },
      ],
    ],
  },
  rating: {
    description:
      'How its players are rated across its tournaments (docs/ratings.md): `null` (default) for none, or `{ "model": "openskill" | "glicko2" | "elo", … }` ' +
      'with that model’s options. Shown with the defaults filled in. A PATCH naming another model replaces it; otherwise the options sent are merged ' +
      '(a `null` option goes back to its default). An unknown model or an option out of range is 422 at `/rating/…`.',
    examples: [{ model: 'openskill' }],
  },
  counted_results: {
    description: '`placements` only: only each competitor’s best N results count (`null`: all). At least 1.',
    examples: [3],
  },
};

function presented(fields: Parameters<typeof League.create>[1]) {
  return { ...presentLeague(League.create('example-account', fields, new Date('2026-02-10T08:00:00.000Z'))), id: EXAMPLE_ID };
}

export function leaguesApiDocs(): ApiDocs {
  const create = { name: 'City Chess League', season: '2026 Spring', starts_on: '2026-03-01', ends_on: '2026-06-30' };
  const example = { ...presented({ name: create.name, season: create.season, startsOn: create.starts_on, endsOn: create.ends_on, game: 'Chess' }), tournament_count: 3 };
  return {
    problemMembers: { league_status: { type: 'string', maxLength: 100, description: '`league_closed` only: the status of the league named by `league_id`.' } },
    tags: [{ name: 'Leagues', description: 'Groups of tournaments, such as a season’s events and its playoffs.' }],
    paths: resourcePaths({
      schema: 'League',
      singular: 'league',
      collection: '/api/v1/leagues',
      tag: 'Leagues',
      exampleId: EXAMPLE_ID,
      listParameters: queryParameters(ListLeaguesQuery, {
        ...resourceListParameterDocs({ plural: 'leagues', statuses: LEAGUE_STATUSES, someStatuses: ['draft', 'active'], sort: 'starts_on', q: 'chess' }),
        season: { description: 'Only leagues whose `season` equals this value.', example: '2026 Spring' },
      }),
      examples: { resource: example, create, patch: { status: 'active', season: null } },
      errors: {
        notFound: new LeagueNotFoundError(),
        create: [],
        update: [new InvalidLeagueTransitionError('archived', 'active', allowedTransitions('archived')), new ConcurrentWritesError('league')],
        delete: [new LeagueNotEmptyError(3), new ConcurrentWritesError('league')],
      },
      descriptions: {
        createConflict: '',
        updateConflict: 'The change is not allowed in the current state, or other requests kept changing the league.',
        deleteConflict: 'Tournaments still reference the league (nothing is ever deleted implicitly), or other requests kept changing it.',
      },
    }),
    components: {
      schemas: {
        LeagueRatingSetting: ratingSettingSchema(),
        ...resourceSchemas({
          schema: 'League',
          description: 'A group of tournaments, such as a season and its playoffs.',
          create: CreateLeagueDto,
          update: UpdateLeagueDto,
          fieldDocs: FIELD_DOCS,
          serverFields: {
            share_id: SHARING_DOCS.shareId,
            tournament_count: { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647, readOnly: true, description: 'How many tournaments reference this league.' },
          },
          createdWithDefaults: presented({ name: 'City Chess League' }),
          example,
          patchDescription: 'A JSON merge patch (RFC 7396): absent fields stay unchanged, `null` clears an optional field.',
        }),
      },
    },
  };
}
