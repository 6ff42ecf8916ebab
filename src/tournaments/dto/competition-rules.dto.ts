import { Shaped } from '../../platform/http/validation/decorators';
import { RULE_LIMITS, TIEBREAKERS } from '../../competition';
import { BEST_OF_LIMITS, ROUND_NAMES } from '../../competition';

/**
 * Request rules of the competition-rules fields. They check the shape; the domain checks the contents (a
 * tiebreaker that does not fit the format, a duplicate, half-point steps) and points at the bad item.
 */
const RESULTS = ['win', 'draw', 'loss'];
const pointValue = { type: 'number', minimum: 0, maximum: RULE_LIMITS.maxPoints, multipleOf: 0.5 };

const isPointsObject = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, entry]) => RESULTS.includes(key) && typeof entry === 'number' && Number.isFinite(entry));

/** On create the results not named take the format's default; on PATCH they keep their value. */
export const IsPoints = (): PropertyDecorator =>
  Shaped(isPointsObject, '$property must be an object with numbers for win, draw and/or loss (at least one), and no other keys.', {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { win: pointValue, draw: pointValue, loss: pointValue },
  });

export const IsTiebreakerList = (): PropertyDecorator =>
  Shaped(
    (value) => Array.isArray(value) && value.length <= TIEBREAKERS.length && value.every((name) => typeof name === 'string' && name.length <= 64),
    `$property must be a list of at most ${TIEBREAKERS.length} tiebreaker names.`,
    { type: 'array', maxItems: TIEBREAKERS.length, uniqueItems: true, items: { type: 'string', enum: [...TIEBREAKERS] } },
  );

const bestOfCount = { type: 'integer', format: 'int32', minimum: BEST_OF_LIMITS.min, maximum: BEST_OF_LIMITS.max };
const isCount = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isBestOf = (value: unknown) => {
  if (isCount(value)) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { default: fallback, rounds, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !isCount(fallback)) return false;
  if (rounds === undefined) return true;
  if (rounds === null || typeof rounds !== 'object' || Array.isArray(rounds)) return false;
  const entries = Object.entries(rounds);
  return entries.length <= 64 && entries.every(([key, count]) => key.length <= 16 && isCount(count));
};

/** A number for every round, or `{ "default": n, "rounds": { "final": m, "2": k } }`; the domain checks what fits the format. */
export const IsBestOf = (): PropertyDecorator =>
  Shaped(isBestOf, '$property must be a number, or an object with a number `default` and optional `rounds` of numbers by round.', {
    oneOf: [
      bestOfCount,
      {
        type: 'object',
        additionalProperties: false,
        required: ['default'],
        properties: {
          default: bestOfCount,
          rounds: { type: 'object', maxProperties: 64, propertyNames: { anyOf: [{ enum: [...ROUND_NAMES] }, { pattern: '^[1-9][0-9]{0,2}$' }] }, additionalProperties: bestOfCount },
        },
      },
    ],
  });
