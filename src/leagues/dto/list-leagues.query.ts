import { IsOptional, IsString, Length } from 'class-validator';
import { LEAGUE_STATUSES } from '../domain/league-status';
import { LEAGUE_SORT_FIELDS, LeagueSortField } from '../domain/league.repository';
import { ListQuery, SortedBy, SortParameter, StatusList } from '../../platform/pagination/list-query';

/** Query string of GET /api/v1/leagues. Unknown parameters are refused. */
export class ListLeaguesQuery extends ListQuery {
  @SortedBy(LEAGUE_SORT_FIELDS)
  sort?: SortParameter<LeagueSortField>;

  @StatusList(LEAGUE_STATUSES)
  status?: string;

  @IsOptional() @IsString() @Length(1, 100)
  game?: string;

  @IsOptional() @IsString() @Length(1, 50)
  season?: string;

  @IsOptional() @IsString() @Length(1, 100)
  q?: string;
}
