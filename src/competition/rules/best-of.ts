/*
 * Series (issue 44): how many games a match is the best of, for the whole tournament or per round. The names and
 * what fits which format live here, with the tournament; what a series computes lives with play
 * (src/competition/series/series.ts).
 */
import { FieldProblem } from '../../kernel/domain-error';
import type { TournamentFormat } from '../formats/format-names';
import { formatCatalog } from '../formats/registry';

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

/** Formats where a series may end level (an even best_of: a chess match of two games), in the catalog's order. */
function levelSeriesFormats(): string[] {
  return formatCatalog.namesWhere((entry) => entry.evenBestOfAllowed);
}

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
  const { seriesRefused, evenBestOfAllowed, bracketNames } = formatCatalog.entry(format);
  const check = (count: number, pointer: string) => {
    if (!Number.isInteger(count) || count < BEST_OF_LIMITS.min || count > BEST_OF_LIMITS.max) {
      problems.push({ pointer, detail: `must be a whole number from ${BEST_OF_LIMITS.min} to ${BEST_OF_LIMITS.max}.` });
    } else if (seriesRefused !== undefined && count !== 1) {
      problems.push({ pointer, detail: seriesRefused });
    } else if (count % 2 === 0 && !evenBestOfAllowed) {
      problems.push({ pointer, detail: `an even best_of may end level: only ${levelSeriesFormats().join(' and ')} take one; send an odd number for ${format}.` });
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
    if (named && bracketNames.length === 0) problems.push({ pointer, detail: `rounds are named only in brackets; use a round number for ${format}.` });
    else if (named && !bracketNames.includes(key as RoundName)) problems.push({ pointer, detail: roundNamedElsewhere(key as RoundName) });
    else if (!named && !/^[1-9][0-9]{0,2}$/.test(key)) problems.push({ pointer, detail: `a round is a number from 1 or one of ${ROUND_NAMES.join(', ')}.` });
    else check(count, pointer);
  }
  return problems;
}

/** A bracket round this format does not name, and the formats that do (a grand_final: double elimination). */
function roundNamedElsewhere(name: RoundName): string {
  const namers = formatCatalog.namesWhere((entry) => entry.bracketNames.includes(name));
  return `only ${namers.join(' and ')} ${namers.length === 1 ? 'has' : 'have'} a ${name}.`;
}
