import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsInstant } from '../../platform/http/validation/decorators';
import { formatCatalog } from '../../competition';
import { TOURNAMENT_STATUSES } from '../domain/tournament-status';
import { TOURNAMENT_SORT_FIELDS, TournamentSortField } from '../domain/tournament.repository';
import { ListQuery, SortedBy, SortParameter, StatusList } from '../../platform/pagination/list-query';

/** Query string of GET /api/v1/tournaments. Unknown parameters are refused. */
export class ListTournamentsQuery extends ListQuery {
  @SortedBy(TOURNAMENT_SORT_FIELDS)
  sort?: SortParameter<TournamentSortField>;

  @StatusList(TOURNAMENT_STATUSES)
  status?: string;

  @IsOptional() @IsIn(formatCatalog.names(), { message: () => `format must be one of ${formatCatalog.names().join(', ')}.` })
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
