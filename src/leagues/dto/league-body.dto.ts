import { VISIBILITIES } from '../../shared/domain/sharing';
import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { Absentable, IsCalendarDate, IsMetadata, IsTimeZone, Nullable, Trim } from '../../shared/http/validation/decorators';
import { INITIAL_STATUSES, LEAGUE_STATUSES } from '../domain/league-status';

/** Body of POST /api/v1/leagues. */
export class CreateLeagueDto {
  @Trim() @IsString() @Length(1, 100, { message: 'name must be 1 to 100 characters long.' })
  name: string;

  @Nullable() @IsString() @MaxLength(2000)
  description?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(100)
  game?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(50)
  season?: string | null;

  @Absentable() @IsIn(INITIAL_STATUSES, { message: `a new league's status must be ${INITIAL_STATUSES.join(' or ')}.` })
  status?: string;

  @Absentable() @IsTimeZone()
  timezone?: string;

  @Nullable() @IsCalendarDate()
  starts_on?: string | null;

  @Nullable() @IsCalendarDate()
  ends_on?: string | null;

  @Absentable() @IsMetadata(false)
  metadata?: Record<string, string>;

  @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
  visibility?: string;
}

/** Body of PATCH /api/v1/leagues/:id: a JSON merge patch (absent = unchanged, null = clear). */
export class UpdateLeagueDto {
  @Absentable() @Trim() @IsString() @Length(1, 100, { message: 'name must be 1 to 100 characters long.' })
  name?: string;

  @Nullable() @IsString() @MaxLength(2000)
  description?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(100)
  game?: string | null;

  @Nullable() @Trim() @IsString() @MaxLength(50)
  season?: string | null;

  @Absentable() @IsIn(LEAGUE_STATUSES, { message: `status must be one of ${LEAGUE_STATUSES.join(', ')}.` })
  status?: string;

  @Absentable() @IsTimeZone()
  timezone?: string;

  @Nullable() @IsCalendarDate()
  starts_on?: string | null;

  @Nullable() @IsCalendarDate()
  ends_on?: string | null;

  @Nullable() @IsMetadata(true)
  metadata?: Record<string, string | null> | null;

  @Absentable() @IsIn(VISIBILITIES, { message: 'visibility must be private or unlisted.' })
  visibility?: string;
}
