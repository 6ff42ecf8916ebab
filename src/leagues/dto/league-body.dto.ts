import { VISIBILITIES } from '../../kernel/sharing';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { registerReadOnlyFields } from '../../platform/http/request-validation.pipe';
import { CompetitionStatus, competitionFields } from '../../platform/http/validation/competition-fields';
import { Absentable, BodyKind, IsCalendarDate, IsTimeZone, MetadataField, Nullable, Shaped, Trim } from '../../platform/http/validation/decorators';
import { LEAGUE_SCORINGS, PLACEMENT_LIMITS } from '../domain/league-scoring';
import { INITIAL_STATUSES, LEAGUE_STATUSES } from '../domain/league-status';

/** The league's count of tournaments is the server's; a body naming it is told so. */
registerReadOnlyFields('tournament_count');

/** The shape of a rating setting; the domain checks the model and each option, and points at the bad one. */
const IsRatingSetting = (): PropertyDecorator =>
  Shaped(
    (value) =>
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length <= 16 &&
      Object.values(value).every((option) => option === null || ['string', 'number', 'boolean'].includes(typeof option)),
    '$property must be an object such as { "model": "openskill" }, or null.',
    { $ref: '#/components/schemas/LeagueRatingSetting' },
  );

/** The shape of a placement table; the domain checks ranges, order and points, and points at the bad line. */
const IsPlacementPoints = (): PropertyDecorator =>
  Shaped(
    (value) =>
      Array.isArray(value) &&
      value.length <= PLACEMENT_LIMITS.maxEntries &&
      value.every(
        (line) =>
          line !== null &&
          typeof line === 'object' &&
          !Array.isArray(line) &&
          Object.keys(line).every((key) => key === 'ranks' || key === 'points') &&
          typeof line.ranks === 'string' &&
          line.ranks.length <= 20 &&
          typeof line.points === 'number',
      ),
    `$property must be a list of at most ${PLACEMENT_LIMITS.maxEntries} lines { "ranks": "3-4", "points": 50 }.`,
    {
      type: 'array',
      minItems: 1,
      maxItems: PLACEMENT_LIMITS.maxEntries,
      items: {
        type: 'object',
        required: ['ranks', 'points'],
        additionalProperties: false,
        properties: {
          ranks: { type: 'string', maxLength: 9, pattern: '^[1-9][0-9]{0,3}(-[1-9][0-9]{0,3})?$', examples: ['1', '3-4'] },
          points: { type: 'number', minimum: 0, maximum: PLACEMENT_LIMITS.maxPoints },
        },
      },
    },
  );

const SCORING_MESSAGE = `scoring must be ${LEAGUE_SCORINGS.join(' or ')}.`;

/** The fields of both bodies, declared once, in the order their problems and the OpenAPI document list them. */
function leagueFields(kind: BodyKind) {
  abstract class LeagueFields extends competitionFields(kind) {
    @Nullable() @Trim() @IsString() @MaxLength(50)
    season?: string | null;

    @CompetitionStatus(kind, 'league', INITIAL_STATUSES, LEAGUE_STATUSES)
    status?: string;

    @Absentable() @IsTimeZone()
    timezone?: string;

    @Nullable() @IsCalendarDate()
    starts_on?: string | null;

    @Nullable() @IsCalendarDate()
    ends_on?: string | null;

    @MetadataField(kind)
    metadata?: Record<string, string | null> | null;

    @Absentable() @IsIn(LEAGUE_SCORINGS, { message: SCORING_MESSAGE })
    scoring?: string;

    @Nullable() @IsPlacementPoints()
    placement_points?: { ranks: string; points: number }[] | null;

    @Nullable() @IsInt({ message: 'counted_results must be a whole number.' }) @Min(1) @Max(PLACEMENT_LIMITS.maxCountedResults)
    counted_results?: number | null;

    @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
    visibility?: string;

    @Nullable() @IsRatingSetting()
    rating?: Record<string, unknown> | null;
  }
  return LeagueFields;
}

/** Body of POST /api/v1/leagues. */
export class CreateLeagueDto extends leagueFields('create') {
  declare name: string;
  declare metadata?: Record<string, string>;
}

/** Body of PATCH /api/v1/leagues/:id: a JSON merge patch (absent = unchanged, null = clear). */
export class UpdateLeagueDto extends leagueFields('patch') {}
