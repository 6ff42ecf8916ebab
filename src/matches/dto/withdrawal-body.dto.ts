import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Absentable, Nullable } from '../../platform/http/validation/decorators';
import { WITHDRAWAL_REASONS } from '../../competition';

const MAX_SCORE = 1_000_000_000;

/** Body of POST /api/v1/tournaments/:id/participants/:participant_id/withdraw. */
export class WithdrawParticipantDto {
  @IsIn(WITHDRAWAL_REASONS, { message: `reason must be ${WITHDRAWAL_REASONS.join(' or ')}.` })
  reason: string;

  @Nullable() @IsString() @MaxLength(500)
  note?: string | null;

  @Absentable() @IsBoolean({ message: 'void_results must be true or false.' })
  void_results?: boolean;

  @Nullable() @IsArray() @ArrayMinSize(2) @ArrayMaxSize(2)
  @IsInt({ each: true, message: 'forfeit_score must be two whole numbers: the winner’s, then the withdrawn participant’s.' })
  @Min(0, { each: true }) @Max(MAX_SCORE, { each: true })
  forfeit_score?: [number, number] | null;
}
