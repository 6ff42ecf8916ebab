/*
 * Series (issue 44): how many games a match is the best of, for the whole tournament or per round. The names and
 * what fits which format live here, with the tournament; what a series computes lives with play
 * (src/competition/series/series.ts).
 */
import { FieldProblem } from '../../kernel/domain-error';
import type { TournamentFormat } from '../formats/format-names';

export const BEST_OF_LIMITS = { min: 1, max: 9 } as const;

/** Bracket rounds named from the end: `final` is the last round of the main (or winners') bracket. */
export const ROUND_NAMES = ['final', 'semi_final', 'quarter_final', 'grand_final'] as const;
export type RoundName = (typeof ROUND_NAMES)[number];

/** `{ "default": 3, "rounds": { "final": 5, "2": 3 } }`: a round's own value, else the default. */
export interface BestOfByRound {
  default: number;
  rounds: Record<string, number>;
}

/** What a tournament stores: a number, a per-round object, or null (1: single games). */
export type BestOf = number | BestOfByRound;

/** Formats where a series may end level (an even best_of: a chess match of two games). */
const LEVEL_SERIES_FORMATS: readonly TournamentFormat[] = ['round_robin', 'swiss'];
const BRACKET_FORMATS: readonly TournamentFormat[] = ['single_elimination', 'double_elimination'];

export function isBestOfByRound(value: BestOf): value is BestOfByRound {
  return typeof value === 'object' && value !== null;
}

/** The highest best_of anywhere in the setting: whether the tournament plays series at all. */
export function highestBestOf(value: BestOf | null): number {
  if (value === null) return 1;
  if (!isBestOfByRound(value)) return value;
  return Math.max(value.default, ...Object.values(value.rounds));
}

/** Every way a best_of setting does not fit the format, each at its body pointer; empty when it fits. */
export function bestOfProblems(format: TournamentFormat, value: BestOf | null): FieldProblem[] {
  if (value === null) return [];
  const problems: FieldProblem[] = [];
  const check = (count: number, pointer: string) => {
    if (!Number.isInteger(count) || count < BEST_OF_LIMITS.min || count > BEST_OF_LIMITS.max) {
      problems.push({ pointer, detail: `must be a whole number from ${BEST_OF_LIMITS.min} to ${BEST_OF_LIMITS.max}.` });
    } else if (format === 'free_for_all' && count !== 1) {
      problems.push({ pointer, detail: 'free_for_all matches rank everyone at once and are not played as series: send 1, null or leave it out.' });
    } else if (count % 2 === 0 && !LEVEL_SERIES_FORMATS.includes(format)) {
      problems.push({ pointer, detail: `an even best_of may end level: only ${LEVEL_SERIES_FORMATS.join(' and ')} take one; send an odd number for ${format}.` });
    }
  };
  if (!isBestOfByRound(value)) {
    check(value, '/best_of');
    return problems;
  }
  check(value.default, '/best_of/default');
  for (const [key, count] of Object.entries(value.rounds)) {
    const pointer = `/best_of/rounds/${key}`;
    const named = (ROUND_NAMES as readonly string[]).includes(key);
    if (named && !BRACKET_FORMATS.includes(format)) problems.push({ pointer, detail: `rounds are named only in brackets; use a round number for ${format}.` });
    else if (key === 'grand_final' && format !== 'double_elimination') problems.push({ pointer, detail: 'only double_elimination has a grand_final.' });
    else if (!named && !/^[1-9][0-9]{0,2}$/.test(key)) problems.push({ pointer, detail: `a round is a number from 1 or one of ${ROUND_NAMES.join(', ')}.` });
    else check(count, pointer);
  }
  return problems;
}
