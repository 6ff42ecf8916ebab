import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { Absentable, BodyKind, Nullable, RequiredOnCreate, Trim } from './decorators';

/**
 * The fields every competition body (a tournament's, a league's) starts with, declared once for either body kind:
 * its name (required on create), a free-text description and the game played. A module's field class extends the
 * class made here, so these come first in its problems and in the OpenAPI document.
 */
export function competitionFields(kind: BodyKind) {
  abstract class CompetitionFields {
    @RequiredOnCreate(kind) @Trim() @IsString() @Length(1, 100, { message: 'name must be 1 to 100 characters long.' })
    name?: string;

    @Nullable() @IsString() @MaxLength(2000)
    description?: string | null;

    @Nullable() @Trim() @IsString() @MaxLength(100)
    game?: string | null;
  }
  return CompetitionFields;
}

/**
 * The status of a competition with a lifecycle: a new one starts in one of `initial` (the message says "a new
 * <noun>'s status"); a PATCH may name any of `all`, and the domain says which moves are allowed.
 */
export const CompetitionStatus =
  (kind: BodyKind, noun: string, initial: readonly string[], all: readonly string[]): PropertyDecorator =>
  (target, propertyName) => {
    const rule =
      kind === 'create'
        ? IsIn(initial, { message: `a new ${noun}'s status must be ${initial.join(' or ')}.` })
        : IsIn(all, { message: `status must be one of ${all.join(', ')}.` });
    rule(target, propertyName);
    Absentable()(target, propertyName);
  };
