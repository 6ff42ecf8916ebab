import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsString, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Absentable, IsMetadata, Nullable, Trim } from '../../platform/http/validation/decorators';
import { FieldProblem } from '../../kernel/domain-error';
import { CrossFieldRules, registerReadOnlyFields } from '../../platform/http/request-validation.pipe';
import { GROUP_LABEL_PATTERN, PARTICIPANT_LIMITS, repeatedInBatch } from '../domain/participant';

/** A participant's rank and tournament are the server's; a body naming them is told so. */
registerReadOnlyFields('final_rank', 'tournament_id');

const { nameLength, externalIdLength, minSeed, maxSeed } = PARTICIPANT_LIMITS;
export const BULK_LIMITS = { min: 1, max: 256 } as const;

/** Body of POST /api/v1/tournaments/:id/participants, and one item of a bulk import. */
export class CreateParticipantDto {
  @Trim() @IsString() @Length(1, nameLength, { message: `name must be 1 to ${nameLength} characters long.` })
  name: string;

  @Nullable() @IsInt({ message: 'seed must be a whole number.' }) @Min(minSeed) @Max(maxSeed)
  seed?: number | null;

  @Nullable() @IsString() @Length(1, externalIdLength, { message: `external_id must be 1 to ${externalIdLength} characters long.` })
  external_id?: string | null;

  @Absentable() @IsMetadata(false)
  metadata?: Record<string, string>;

  @Nullable() @IsString() @MaxLength(2) @Matches(GROUP_LABEL_PATTERN, { message: 'group must be a group label of one or two capital letters (A, B, … AA), or null.' })
  group?: string | null;
}

/** Body of PATCH /api/v1/tournaments/:id/participants/:participant_id: a JSON merge patch. */
export class UpdateParticipantDto {
  @Absentable() @Trim() @IsString() @Length(1, nameLength, { message: `name must be 1 to ${nameLength} characters long.` })
  name?: string;

  @Nullable() @IsInt({ message: 'seed must be a whole number.' }) @Min(minSeed) @Max(maxSeed)
  seed?: number | null;

  @Nullable() @IsString() @Length(1, externalIdLength, { message: `external_id must be 1 to ${externalIdLength} characters long.` })
  external_id?: string | null;

  @Nullable() @IsMetadata(true)
  metadata?: Record<string, string | null> | null;

  @Nullable() @IsString() @MaxLength(2) @Matches(GROUP_LABEL_PATTERN, { message: 'group must be a group label of one or two capital letters (A, B, … AA), or null.' })
  group?: string | null;
}

/**
 * Body of POST /api/v1/tournaments/:id/participants/bulk. A name (compared as participantNameKey does), seed or external_id repeated
 * in the batch is reported on the later item, in the same 422 as every other bad item.
 */
export class BulkCreateParticipantsDto implements CrossFieldRules {
  @IsArray({ message: 'participants must be an array of participants.' })
  @ArrayMinSize(BULK_LIMITS.min, { message: `participants must hold ${BULK_LIMITS.min} to ${BULK_LIMITS.max} items.` })
  @ArrayMaxSize(BULK_LIMITS.max, { message: `participants must hold ${BULK_LIMITS.min} to ${BULK_LIMITS.max} items.` })
  @ValidateNested({ each: true })
  @Type(() => CreateParticipantDto)
  participants: CreateParticipantDto[];

  crossFieldProblems(): FieldProblem[] {
    if (!Array.isArray(this.participants)) return [];
    return repeatedInBatch(
      this.participants.map((item) => (item && typeof item === 'object' ? { name: item.name, seed: item.seed, externalId: item.external_id } : {})),
    );
  }
}
