import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { CommaList } from '../../platform/http/validation/decorators';
import { LEAGUE_STATUSES } from '../domain/league-status';
import { ListQuery } from '../../platform/pagination/list-query';

const SORTS = ['created_at', '-created_at', 'starts_on', '-starts_on', 'name', '-name'] as const;
const STATUS_LIST = new RegExp(`^(${LEAGUE_STATUSES.join('|')})(,(${LEAGUE_STATUSES.join('|')}))*$`);

/** Query string of GET /api/v1/leagues. Unknown parameters are refused. */
export class ListLeaguesQuery extends ListQuery {
  @IsOptional() @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}.` })
  sort?: (typeof SORTS)[number];

  @IsOptional() @CommaList() @Matches(STATUS_LIST, { message: `status must be a comma-separated list of ${LEAGUE_STATUSES.join(', ')}.` })
  status?: string;

  @IsOptional() @IsString() @Length(1, 100)
  game?: string;

  @IsOptional() @IsString() @Length(1, 50)
  season?: string;

  @IsOptional() @IsString() @Length(1, 100)
  q?: string;
}
