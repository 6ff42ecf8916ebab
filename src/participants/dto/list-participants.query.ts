import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ListQuery } from '../../platform/pagination/list-query';
import { PARTICIPANT_SORT_FIELDS } from '../domain/participant.repository';

export const PARTICIPANT_SORTS = PARTICIPANT_SORT_FIELDS.flatMap((field) => [field, `-${field}`] as const);

/** Query string of GET /api/v1/tournaments/:id/participants. Unknown parameters are refused. */
export class ListParticipantsQuery extends ListQuery {
  @IsOptional() @IsIn(PARTICIPANT_SORTS, { message: `sort must be one of ${PARTICIPANT_SORTS.join(', ')}.` })
  sort?: (typeof PARTICIPANT_SORTS)[number];

  @IsOptional() @IsString() @Length(1, 100)
  q?: string;
}
