import { Shaped } from '../../platform/http/validation/decorators';
import { RULE_LIMITS, TIEBREAKERS } from '../domain/competition-rules';

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
