import { IsBoolean, IsIn, IsInt, IsNumber, IsUUID, Max, Min } from 'class-validator';
import { CompetitionStatus, competitionFields } from '../../platform/http/validation/competition-fields';
import { Absentable, BodyKind, IsInstant, IsTimeZone, MetadataField, Nullable, Shaped } from '../../platform/http/validation/decorators';
import { VISIBILITIES } from '../../kernel/sharing';
import { registerReadOnlyFields } from '../../platform/http/request-validation.pipe';
import { RULE_LIMITS, WEIGHT_LIMITS } from '../../competition';
import { IsBestOf, IsPoints, IsTiebreakerList } from './competition-rules.dto';
import { SCHEDULE_SCHEMA } from './schedule-settings.schema';
import { STAGES_SCHEMA } from './stages.schema';
import { MAX_PARTICIPANTS_LIMIT, PARTICIPANT_TYPES, ROUNDS_LIMITS } from '../domain/tournament';
import { formatCatalog } from '../../competition';
import { INITIAL_STATUSES, TOURNAMENT_STATUSES } from '../domain/tournament-status';

/** The tournament's count of participants is the server's; a body naming it is told so. */
registerReadOnlyFields('participant_count');

/** The catalog's names, read when a body is checked: a format registered later is accepted and listed. */
const formatMessage = () => `format must be one of ${formatCatalog.names().join(', ')}.`;

/** The fields of both bodies, declared once, in the order their problems and the OpenAPI document list them. */
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function tournamentFields(kind: BodyKind) {
  abstract class TournamentFields extends competitionFields(kind) {
    // Required unless `stages` are sent (the domain says so): a staged tournament reads multi_stage.
    @Absentable() @IsIn(formatCatalog.names(), { message: formatMessage })
    format?: string;

    @Nullable() @Shaped(Array.isArray, 'stages must be a list of 2 to 4 stages (issue 40, docs/stages.md).', STAGES_SCHEMA)
    stages?: Record<string, unknown>[] | null;

    @Absentable() @IsIn(PARTICIPANT_TYPES, { message: 'participant_type must be single or team.' })
    participant_type?: string;

    @Nullable() @IsInt() @Min(2) @Max(MAX_PARTICIPANTS_LIMIT)
    max_participants?: number | null;

    @CompetitionStatus(kind, 'tournament', INITIAL_STATUSES, TOURNAMENT_STATUSES)
    status?: string;

    @Absentable() @IsTimeZone()
    timezone?: string;

    @Nullable() @IsInstant()
    starts_at?: string | null;

    @Nullable() @IsInstant()
    ends_at?: string | null;

    @Nullable() @IsUUID('all', { message: 'league_id must be a UUID.' })
    league_id?: string | null;

    @MetadataField(kind)
    metadata?: Record<string, string | null> | null;

    @Nullable() @IsInt() @Min(ROUNDS_LIMITS.min) @Max(ROUNDS_LIMITS.max)
    rounds?: number | null;

    @Absentable() @IsBoolean({ message: 'third_place_match must be true or false.' })
    third_place_match?: boolean;

    @Nullable() @IsPoints()
    points?: Partial<Record<'win' | 'draw' | 'loss', number>> | null;

    @Nullable() @IsTiebreakerList()
    tiebreakers?: string[] | null;

    @Nullable() @IsInt() @Min(RULE_LIMITS.legs[0]) @Max(RULE_LIMITS.legs[1])
    legs?: number | null;

    @Nullable() @IsBestOf()
    best_of?: number | { default: number; rounds?: Record<string, number> } | null;
    @Nullable() @Shaped(isPlainObject, 'schedule must be an object (starts_at, match_minutes, rest_minutes, windows), or null for the defaults.', SCHEDULE_SCHEMA)
    schedule?: Record<string, unknown> | null;

    @Absentable() @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'weight must be a number.' }) @Max(WEIGHT_LIMITS.max)
    weight?: number;

    @Absentable() @IsBoolean({ message: 'check_in_required must be true or false.' })
    check_in_required?: boolean;

    @Nullable() @IsInstant()
    check_in_opens_at?: string | null;

    @Nullable() @IsInstant()
    check_in_closes_at?: string | null;

    @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
    visibility?: string;
  }
  return TournamentFields;
}

/** Body of POST /api/v1/tournaments. */
export class CreateTournamentDto extends tournamentFields('create') {
  declare name: string;
  declare metadata?: Record<string, string>;
}

/** Body of PATCH /api/v1/tournaments/:id: a JSON merge patch (absent = unchanged, null = clear). */
export class UpdateTournamentDto extends tournamentFields('patch') {}
