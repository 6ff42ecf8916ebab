/*
 * Competition rules as data (issue 31): how a round robin or swiss tournament scores a match and breaks ties,
 * and how many legs a round robin plays. The names and what fits which format live here, with the tournament;
 * what each tiebreaker computes lives with play (src/competition/tiebreakers/tiebreakers.ts).
 */
import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import type { TournamentFormat } from '../formats/format-names';
import { formatCatalog } from '../formats/registry';

export interface PointsRule {
  win: number;
  draw: number;
  loss: number;
}

export const TIEBREAKERS = [
  'head_to_head_points',
  'head_to_head_score_difference',
  'head_to_head_score_for',
  'score_difference',
  'score_for',
  'wins',
  'game_difference',
  'games_won',
  'game_score_difference',
  'buchholz',
  'buchholz_cut1',
  'sonneborn_berger',
  'seed',
] as const;
export type TiebreakerName = (typeof TIEBREAKERS)[number];

/** The formats that take rules (those ranked by points), in the catalog's order; each names its tiebreakers and defaults there. */
export function rulesFormats(): string[] {
  return formatCatalog.all().filter((entry) => entry.rules !== undefined).map((entry) => entry.name);
}
export type RulesFormat = TournamentFormat;

/** A format's default points (zeros for formats that take no rules). */
export function defaultPointsOf(format: TournamentFormat): PointsRule {
  const rules = formatCatalog.entry(format).rules;
  return rules === undefined ? { win: 0, draw: 0, loss: 0 } : { ...rules.points };
}

/** The formats a tiebreaker fits, in the catalog's order. */
function formatsFitting(name: TiebreakerName): string[] {
  return formatCatalog.all().filter((entry) => entry.rules?.fits.includes(name)).map((entry) => entry.name);
}

export const RULE_LIMITS = { maxPoints: 1000, legs: [1, 2] } as const;

/** The rules a tournament plays by, with the format's defaults filled in. */
export interface CompetitionRules {
  points: PointsRule;
  /** In the order they apply, `seed` last. */
  tiebreakers: TiebreakerName[];
  legs: 1 | 2;
}

/** What a tournament stores: null = the format's default. */
export interface StoredRules {
  points: PointsRule | null;
  tiebreakers: TiebreakerName[] | null;
  legs: number | null;
}

export function takesRules(format: TournamentFormat): boolean {
  return formatCatalog.has(format) && formatCatalog.entry(format).rules !== undefined;
}

/** The rules in force for a format, or null for formats that rank otherwise (elimination, free-for-all). */
export function effectiveRules(format: TournamentFormat, stored: StoredRules): CompetitionRules | null {
  const defaults = formatCatalog.has(format) ? formatCatalog.entry(format).rules : undefined;
  if (defaults === undefined) return null;
  return {
    points: stored.points ?? { ...defaults.points },
    tiebreakers: withSeedLast(stored.tiebreakers ?? [...defaults.tiebreakers]),
    legs: stored.legs === 2 ? 2 : 1,
  };
}

/** Seed always breaks the last tie: a list without it gets it appended. */
function withSeedLast(list: TiebreakerName[]): TiebreakerName[] {
  return list.includes('seed') ? list : [...list, 'seed'];
}

/** Every way the stored rules do not fit the format, each at its body pointer; empty when they fit. */
export function rulesProblems(format: TournamentFormat, stored: StoredRules): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!takesRules(format)) {
    for (const field of ['points', 'tiebreakers', 'legs'] as const) {
      if (stored[field] !== null) problems.push({ pointer: `/${field}`, detail: `only ${rulesFormats().join(' and ')} tournaments take ${field}; send null or leave it out for ${format}.` });
    }
    return problems;
  }
  if (stored.points !== null) {
    for (const result of ['win', 'draw', 'loss'] as const) {
      const value = stored.points[result];
      if (!isHalfStep(value)) problems.push({ pointer: `/points/${result}`, detail: `must be a whole number or a half, from 0 to ${RULE_LIMITS.maxPoints}.` });
    }
  }
  if (stored.tiebreakers !== null) problems.push(...tiebreakerProblems(format, stored.tiebreakers));
  const playsTwoLegs = formatCatalog.entry(format).twoLegs !== undefined;
  if (stored.legs !== null && stored.legs !== 1 && (!playsTwoLegs || stored.legs !== 2)) {
    const twoLegFormats = formatCatalog.namesWhere((entry) => entry.twoLegs !== undefined);
    problems.push({ pointer: '/legs', detail: playsTwoLegs ? 'must be 1 or 2.' : `only ${twoLegFormats.join(' and ')} tournaments play 2 legs; send 1, null or leave it out.` });
  }
  return problems;
}

function tiebreakerProblems(format: TournamentFormat, list: string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  list.forEach((name, index) => {
    const pointer = `/tiebreakers/${index}`;
    if (!(TIEBREAKERS as readonly string[]).includes(name)) problems.push({ pointer, detail: `unknown tiebreaker; one of ${TIEBREAKERS.join(', ')}.` });
    else if (!formatsFitting(name as TiebreakerName).includes(format)) problems.push({ pointer, detail: `${name} does not fit ${format}; it is for ${formatsFitting(name as TiebreakerName).join(' and ')}.` });
    else if (seen.has(name)) problems.push({ pointer, detail: `${name} is already in the list.` });
    else if (name === 'seed' && index !== list.length - 1) problems.push({ pointer, detail: 'seed breaks the last tie: it can only come last.' });
    seen.add(name);
  });
  return problems;
}

function isHalfStep(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value * 2) && value >= 0 && value <= RULE_LIMITS.maxPoints;
}

export function checkRules(format: TournamentFormat, stored: StoredRules): void {
  const problems = rulesProblems(format, stored);
  if (problems.length > 0) throw new InvalidError(problems);
}

export const WEIGHT_LIMITS = { min: 0, max: 1000 } as const;

/** A league's multiplier for the tournament's placement points: greater than 0. */
export function checkWeight(weight: number): void {
  if (!(typeof weight === 'number' && Number.isFinite(weight) && weight > WEIGHT_LIMITS.min && weight <= WEIGHT_LIMITS.max)) {
    throw InvalidError.field('/weight', `must be a number greater than ${WEIGHT_LIMITS.min} and at most ${WEIGHT_LIMITS.max}.`);
  }
}
