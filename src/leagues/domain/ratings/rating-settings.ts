/*
 * A league's `rating` setting (issue 43): which model rates its players and with which options. Stored complete,
 * defaults filled in, so a reader sees the numbers the table was computed with.
 */
import { FieldProblem, InvalidError } from '../../../kernel/domain-error';

export const RATING_MODELS = ['openskill', 'glicko2', 'elo'] as const;
export type RatingModel = (typeof RATING_MODELS)[number];

interface Common {
  /** A player is provisional until rated in this many matches. */
  provisional_matches: number;
  /** A series rates each game rather than the match. */
  per_game: boolean;
}
export type OpenSkillSettings = Common & { model: 'openskill'; mu: number; sigma: number; beta: number; tau: number };
export type Glicko2Settings = Common & { model: 'glicko2'; rating: number; rd: number; volatility: number; tau: number };
export type EloSettings = Common & { model: 'elo'; rating: number; k: number };
export type RatingSettings = OpenSkillSettings | Glicko2Settings | EloSettings;

/** A number option: its range (each end open or closed) and its default, which may follow the options read before it. */
interface NumberOption {
  min: number;
  max: number;
  /** The lower bound itself is refused (a deviation of 0 would never move). */
  minExclusive?: boolean;
  integer?: boolean;
  fallback: (read: Record<string, number>) => number;
}

const COMMON: Record<'provisional_matches', NumberOption> = {
  provisional_matches: { min: 0, max: 1000, integer: true, fallback: () => 5 },
};

/**
 * Each model's options in the order their defaults depend on each other: openskill's β and τ default to σ/2 and
 * σ/100 (Weng and Lin's choice, and the package's), so a league that only widens σ keeps their proportions.
 */
const OPTIONS: Record<RatingModel, Record<string, NumberOption>> = {
  openskill: {
    mu: { min: -1_000_000, max: 1_000_000, fallback: () => 25 },
    // μ/3 as in the package; a μ of 0 or below would make that unusable, so then the package's own 25/3.
    sigma: { min: 0, max: 1_000_000, minExclusive: true, fallback: (read) => (read.mu > 0 ? read.mu / 3 : 25 / 3) },
    beta: { min: 0, max: 1_000_000, minExclusive: true, fallback: (read) => read.sigma / 2 },
    tau: { min: 0, max: 1_000_000, fallback: (read) => read.sigma / 100 },
  },
  glicko2: {
    rating: { min: 0, max: 10_000, fallback: () => 1500 },
    rd: { min: 0, max: 1000, minExclusive: true, fallback: () => 350 },
    volatility: { min: 0, max: 1, minExclusive: true, fallback: () => 0.06 },
    tau: { min: 0.1, max: 2, fallback: () => 0.5 },
  },
  elo: {
    rating: { min: 0, max: 10_000, fallback: () => 1500 },
    k: { min: 0, max: 1000, minExclusive: true, fallback: () => 32 },
  },
};

function inRange(given: unknown, option: NumberOption): given is number {
  if (typeof given !== 'number' || !Number.isFinite(given) || given > option.max) return false;
  if (option.integer && !Number.isInteger(given)) return false;
  return option.minExclusive ? given > option.min : given >= option.min;
}

/**
 * The settings a `rating` body value stands for (null: no ratings), defaults filled in; every problem at its
 * pointer under `/rating` otherwise.
 */
export function ratingSettingsOf(value: unknown): RatingSettings | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw InvalidError.field('/rating', 'must be an object with a `model`, or null.');
  const input = value as Record<string, unknown>;
  const model = input.model;
  if (typeof model !== 'string' || !(RATING_MODELS as readonly string[]).includes(model)) {
    throw InvalidError.field('/rating/model', `must be one of ${RATING_MODELS.join(', ')}.`);
  }
  const options = { ...OPTIONS[model as RatingModel], ...COMMON };
  const problems: FieldProblem[] = [];
  for (const key of Object.keys(input)) {
    if (key !== 'model' && key !== 'per_game' && !(key in options)) {
      problems.push({ pointer: `/rating/${key}`, detail: `is not an option of ${model}; it takes ${[...Object.keys(options), 'per_game'].join(', ')}.` });
    }
  }
  const read: Record<string, number> = {};
  for (const [key, option] of Object.entries(options)) {
    const given = input[key];
    if (given === undefined || given === null) {
      read[key] = option.fallback(read);
      continue;
    }
    if (!inRange(given, option)) {
      const from = option.minExclusive ? `above ${option.min}` : `from ${option.min}`;
      problems.push({ pointer: `/rating/${key}`, detail: `must be ${option.integer ? 'a whole number' : 'a number'} ${from} up to ${option.max}.` });
      read[key] = option.fallback(read);
    } else read[key] = given;
  }
  const perGame = input.per_game ?? false;
  if (typeof perGame !== 'boolean') problems.push({ pointer: '/rating/per_game', detail: 'must be true or false.' });
  if (problems.length > 0) throw new InvalidError(problems);
  return { model, ...read, per_game: perGame } as RatingSettings;
}
