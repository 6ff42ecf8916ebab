import { IsIn, IsOptional, IsUUID, Matches, MaxLength } from 'class-validator';
import { ListQuery, SortedBy, SortParameter, StatusList } from '../../platform/pagination/list-query';
import { BRACKETS, MATCH_STATUSES } from '../../competition';

/** Query string of GET /api/v1/tournaments/:id/matches. Unknown parameters are refused. */
export class ListMatchesQuery extends ListQuery {
  @SortedBy(['number'])
  sort?: SortParameter<'number'>;

  @IsOptional() @MaxLength(5) @Matches(/^([1-9][0-9]{0,4})$/, { message: 'round must be a whole number from 1.' })
  round?: string;

  @IsOptional() @IsIn(BRACKETS, { message: `bracket must be one of ${BRACKETS.join(', ')}.` })
  bracket?: string;

  @StatusList(MATCH_STATUSES)
  status?: string;

  @IsOptional() @IsUUID('all', { message: 'participant_id must be a UUID.' })
  participant_id?: string;

  @IsOptional() @MaxLength(32) @Matches(/^[a-z0-9_-]{1,32}$/, { message: 'stage must be a stage key (a-z, 0-9, _ and -, up to 32).' })
  stage?: string;

  @IsOptional() @MaxLength(3) @Matches(/^[A-Z]{1,3}$/, { message: 'group must be a group label (A, B, … AA).' })
  group?: string;
}
