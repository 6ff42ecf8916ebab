import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Length, Matches, MaxLength, ValidateIf } from 'class-validator';

/** Body of POST …/stages/{key}/decisions (issue 40): the tied rows in the order the organiser decided, and why. */
export class StageDecisionDto {
  @ValidateIf((_, value) => value !== null) @MaxLength(3) @Matches(/^[A-Z]{1,3}$/, { message: 'group must be a group label (A, B, … AA), or null for the table of the best of the rest.' })
  group!: string | null;

  @IsArray({ message: 'order must be a list of participant ids.' }) @ArrayMinSize(2) @ArrayMaxSize(64) @IsUUID('all', { each: true, message: 'each of order must be a participant id.' })
  order!: string[];

  @IsString({ message: 'reason must be a text.' }) @Length(1, 500, { message: 'reason must be 1 to 500 characters.' })
  reason!: string;
}
