import { IsOptional, IsString, Length } from 'class-validator';
import { ListQuery, SortedBy, SortParameter } from '../../platform/pagination/list-query';
import { PARTICIPANT_SORT_FIELDS, ParticipantSortField } from '../domain/participant.repository';

/** Query string of GET /api/v1/tournaments/:id/participants. Unknown parameters are refused. */
export class ListParticipantsQuery extends ListQuery {
  @SortedBy(PARTICIPANT_SORT_FIELDS)
  sort?: SortParameter<ParticipantSortField>;

  @IsOptional() @IsString() @Length(1, 100)
  q?: string;
}
