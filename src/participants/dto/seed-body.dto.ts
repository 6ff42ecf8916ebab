import { IsBoolean, IsIn, IsInt, IsUUID, Max, Min } from 'class-validator';
import { FieldProblem } from '../../kernel/domain-error';
import { CrossFieldRules } from '../../platform/http/request-validation.pipe';
import { Absentable } from '../../platform/http/validation/decorators';
import { MAX_RANDOM_SEED, SEEDING_ORDERS } from '../domain/seeding';

/** Body of POST /api/v1/tournaments/:id/participants/seed. */
export class SeedParticipantsDto implements CrossFieldRules {
  @IsIn(SEEDING_ORDERS, { message: `by must be ${SEEDING_ORDERS.join(', ')}.` })
  by: string;

  @Absentable() @IsUUID('all', { message: 'league_id must be the id of one of your leagues.' })
  league_id?: string;

  @Absentable() @IsInt({ message: 'random_seed must be a whole number.' }) @Min(0) @Max(MAX_RANDOM_SEED)
  random_seed?: number;

  @Absentable() @IsBoolean({ message: 'dry_run must be true or false.' })
  dry_run?: boolean;

  crossFieldProblems(): FieldProblem[] {
    const problems: FieldProblem[] = [];
    if (this.by === 'rating' && this.league_id === undefined) problems.push({ pointer: '/league_id', detail: 'seeding by rating needs the league whose ratings to use.' });
    if (this.by !== 'rating' && this.league_id !== undefined) problems.push({ pointer: '/league_id', detail: 'only `"by": "rating"` takes a league_id.' });
    if (this.by !== 'random' && this.random_seed !== undefined) problems.push({ pointer: '/random_seed', detail: 'only `"by": "random"` takes a random_seed.' });
    return problems;
  }
}
