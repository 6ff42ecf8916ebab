import { IsIn, IsInt, IsString, IsUUID, Length, Max, MaxLength, Min } from 'class-validator';
import {
  Absentable,
  IsInstant,
  IsMetadata,
  IsTimeZone,
  Nullable,
  Trim,
} from '../../shared/http/validation/decorators';
import { VISIBILITIES } from '../../shared/domain/sharing';
import { PARTICIPANT_TYPES, ROUNDS_LIMITS, TOURNAMENT_FORMATS } from '../domain/tournament';
import { INITIAL_STATUSES, TOURNAMENT_STATUSES } from '../domain/tournament-status';

const formats = `one of ${TOURNAMENT_FORMATS.join(', ')}`;

/** Body of POST /api/v1/tournaments. */
export class CreateTournamentDto {
  @Trim() @IsString() @Length(1, 100, { message: 'name must be 1 to 100 characters long.' })
  name: string;

  @Nullable() @IsString() @MaxLength(2000)
  description?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(100)
  game?: string | null;

  @IsIn(TOURNAMENT_FORMATS, { message: `format must be ${formats}.` })
  format: string;

  @Absentable() @IsIn(PARTICIPANT_TYPES, { message: 'participant_type must be single or team.' })
  participant_type?: string;

  @Nullable() @IsInt() @Min(2) @Max(1024)
  max_participants?: number | null;

  @Absentable() @IsIn(INITIAL_STATUSES, { message: `a new tournament's status must be ${INITIAL_STATUSES.join(' or ')}.` })
  status?: string;

  @Absentable() @IsTimeZone()
  timezone?: string;

  @Nullable() @IsInstant()
  starts_at?: string | null;

  @Nullable() @IsInstant()
  ends_at?: string | null;

  @Nullable() @IsUUID('all', { message: 'league_id must be a UUID.' })
  league_id?: string | null;

  @Absentable() @IsMetadata(false)
  metadata?: Record<string, string>;

  @Nullable() @IsInt() @Min(ROUNDS_LIMITS.min) @Max(ROUNDS_LIMITS.max)
  rounds?: number | null;

  @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
  visibility?: string;
}

/** Body of PATCH /api/v1/tournaments/:id: a JSON merge patch (absent = unchanged, null = clear). */
export class UpdateTournamentDto {
  @Absentable() @Trim() @IsString() @Length(1, 100, { message: 'name must be 1 to 100 characters long.' })
  name?: string;

  @Nullable() @IsString() @MaxLength(2000)
  description?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(100)
  game?: string | null;

  @Absentable() @IsIn(TOURNAMENT_FORMATS, { message: `format must be ${formats}.` })
  format?: string;

  @Absentable() @IsIn(PARTICIPANT_TYPES, { message: 'participant_type must be single or team.' })
  participant_type?: string;

  @Nullable() @IsInt() @Min(2) @Max(1024)
  max_participants?: number | null;

  @Absentable() @IsIn(TOURNAMENT_STATUSES, { message: `status must be one of ${TOURNAMENT_STATUSES.join(', ')}.` })
  status?: string;

  @Absentable() @IsTimeZone()
  timezone?: string;

  @Nullable() @IsInstant()
  starts_at?: string | null;

  @Nullable() @IsInstant()
  ends_at?: string | null;

  @Nullable() @IsUUID('all', { message: 'league_id must be a UUID.' })
  league_id?: string | null;

  @Nullable() @IsMetadata(true)
  metadata?: Record<string, string | null> | null;

  @Nullable() @IsInt() @Min(ROUNDS_LIMITS.min) @Max(ROUNDS_LIMITS.max)
  rounds?: number | null;

  @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
  visibility?: string;
}
