import { IsIn, IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';
import { CommaList, IsInstant } from '../../platform/http/validation/decorators';
import { formatCatalog } from '../../competition/formats/registry';
import { TOURNAMENT_STATUSES } from '../domain/tournament-status';
import { ListQuery } from '../../platform/pagination/list-query';

const SORTS = ['created_at', '-created_at', 'starts_at', '-starts_at', 'name', '-name'] as const;
const STATUS_LIST = new RegExp(`^(${TOURNAMENT_STATUSES.join('|')})(,(${TOURNAMENT_STATUSES.join('|')}))*$`);

/** Query string of GET /api/v1/tournaments. Unknown parameters are refused. */
export class ListTournamentsQuery extends ListQuery {
  @IsOptional() @IsIn(SORTS, { message: `sort must be one of ${SORTS.join(', ')}.` })
  sort?: (typeof SORTS)[number];

  @IsOptional() @CommaList() @Matches(STATUS_LIST, { message: `status must be a comma-separated list of ${TOURNAMENT_STATUSES.join(', ')}.` })
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
