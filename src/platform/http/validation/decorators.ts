import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator, ValidateIf, ValidationArguments, ValidationOptions } from 'class-validator';
import { isCalendarDate, isIanaTimeZone, metadataProblems, parseInstant } from '../../../kernel/validation';

/**
 * Validation building blocks for request DTOs. Merge-patch semantics need two
 * kinds of "optional": a field that may be absent but never null (a required
 * field on PATCH), and one that may also be null (clears it).
 */

/** May be absent; when present it must pass the other rules (so null is refused). */
export const Absentable = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/** May be absent or null (null clears it on PATCH). */
export const Nullable = (): PropertyDecorator => IsOptional();

/** A list filter: `status=a,b` and `status=a&status=b` (which Fastify parses as an array) both become `a,b`. */
export const CommaList = (): PropertyDecorator => Transform(({ value }) => (Array.isArray(value) ? value.join(',') : value));

/** Trims surrounding white space from strings before they are checked. */
export const Trim = (): PropertyDecorator => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

function rule(name: string, test: (value: unknown) => boolean, message: string, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message, ...options },
      validator: { validate: test },
    });
}

export const IsInstant = (options?: ValidationOptions): PropertyDecorator =>
  rule(
    'isInstant',
    (value) => typeof value === 'string' && parseInstant(value) !== undefined,
    '$property must be an RFC 3339 date-time with a time zone, such as 2026-05-01T18:00:00.000Z.',
    options,
  );

export const IsCalendarDate = (options?: ValidationOptions): PropertyDecorator =>
  rule('isCalendarDate', (value) => typeof value === 'string' && isCalendarDate(value), '$property must be a date in YYYY-MM-DD form.', options);

export const IsTimeZone = (options?: ValidationOptions): PropertyDecorator =>
  rule(
    'isTimeZone',
    (value) => typeof value === 'string' && isIanaTimeZone(value),
    '$property must be an IANA time zone name, such as Europe/Paris or UTC.',
    options,
  );

/** A metadata object (string → string); on PATCH a value may be null to remove its key. */
export const IsMetadata = (allowNullValues: boolean): PropertyDecorator =>
  rule(
    // Two names, so the OpenAPI reader can tell the stored shape from the merge patch.
    allowNullValues ? 'isMetadataPatch' : 'isMetadata',
    (value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
      const entries = Object.entries(value as Record<string, unknown>);
      const kept = Object.fromEntries(entries.filter(([, entry]) => !(allowNullValues && entry === null)));
      return metadataProblems(kept).length === 0;
    },
    '$property must be an object of at most 20 keys (1–40 characters) with string values of at most 500 characters.',
  );

/**
 * Which body of a resource a field list is declared for: the create body, or the PATCH merge patch. A module
 * declares its fields once, in a class made for either kind, so the two bodies list them in the same order.
 */
export type BodyKind = 'create' | 'patch';

/** Required in the create body; a PATCH may leave it out (but not send null). */
export const RequiredOnCreate = (kind: BodyKind): PropertyDecorator => (kind === 'create' ? () => undefined : Absentable());

/** The metadata field: an object the create body may leave out; on PATCH a merge patch of it, or null to clear it. */
export const MetadataField = (kind: BodyKind): PropertyDecorator => (target, propertyName) => {
  IsMetadata(kind === 'patch')(target, propertyName);
  (kind === 'patch' ? Nullable() : Absentable())(target, propertyName);
};

/**
 * A rule whose OpenAPI schema is given with it (a module's structured field: an object or a list of objects),
 * so the document shows the field's shape while the domain checks its contents and points at the bad part.
 */
export const Shaped = (test: (value: unknown) => boolean, message: string | (() => string), schema: object): PropertyDecorator => (target, propertyName) =>
  registerDecorator({
    name: 'shaped',
    target: target.constructor,
    propertyName: propertyName as string,
    constraints: [schema],
    options: { message },
    validator: { validate: test },
  });
export interface NumberListRule {
  /** What one entry is called in messages: `score` gives "each score must be a number". */
  item: string;
  whole: boolean;
  min: number;
  max: number;
  maxItems: number;
}

/**
 * 1 to `maxItems` numbers in order (scores, ranks). One rule rather than five, so the message names the first
 * thing wrong: a score sent as "2" is "must be a number", not a range check that happens to fail as well.
 */
export const IsNumberList = (rule: NumberListRule): PropertyDecorator => {
  const problemWith = (value: unknown) => numberListProblem(value, rule);
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNumberList',
      target: target.constructor,
      propertyName: propertyName as string,
      constraints: [rule],
      options: { message: (args: ValidationArguments) => problemWith(args.value) ?? '' },
      validator: { validate: (value) => problemWith(value) === undefined },
    });
};

function numberListProblem(value: unknown, { item, whole, min, max, maxItems }: NumberListRule): string | undefined {
  if (!Array.isArray(value)) return `${item}s must be an array of numbers, in opponents order.`;
  if (value.length < 1 || value.length > maxItems) return `${item}s must hold 1 to ${maxItems} numbers, one per opponent.`;
  if (value.some((entry) => typeof entry !== 'number' || !Number.isFinite(entry))) return `each ${item} must be a number, in opponents order.`;
  if (whole && value.some((entry) => !Number.isInteger(entry))) return `each ${item} must be a whole number, in opponents order.`;
  if (value.some((entry) => entry < min || entry > max)) return `each ${item} must be from ${min} to ${max}.`;
  return undefined;
}
