import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { IsInstant } from '../../shared/http/validation/decorators';
import { TOURNAMENT_FORMATS } from '../domain/tournament';
import { TOURNAMENT_STATUSES } from '../domain/tournament-status';

const SORTS = ['created_at', '-created_at', 'starts_at', '-starts_at', 'name', '-name'] as const;
const STATUS_LIST = new RegExp(`^(${TOURNAMENT_STATUSES.join('|')})(,(${TOURNAMENT_STATUSES.join('|')}))*$`);

/** Query string of GET /api/v1/tournaments. Unknown parameters are refused. */
export class ListTournamentsQuery {
  @IsOptional() @Matches(/^(100|[1-9][0-9]?)$/, { message: 'limit must be a whole number from 1 to 100.' })
  limit?: string;

  @IsOptional() @IsString() @Length(1, 1000)
  cursor?: string;

  @IsOptional() @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}.` })
  sort?: (typeof SORTS)[number];

  @IsOptional() @Matches(STATUS_LIST, { message: `status must be a comma-separated list of ${TOURNAMENT_STATUSES.join(', ')}.` })
  status?: string;

  @IsOptional() @IsIn(TOURNAMENT_FORMATS, { message: `format must be one of ${TOURNAMENT_FORMATS.join(', ')}.` })
  format?: string;

  @IsOptional() @IsUUID('all', { message: 'league_id must be a UUID.' })
  league_id?: string;

  @IsOptional() @IsString() @Length(1, 100)
  game?: string;

  @IsOptional() @IsString() @Length(1, 100)
  q?: string;

  @IsOptional() @IsInstant()
  starts_after?: string;

  @IsOptional() @IsInstant()
  starts_before?: string;
}
