/*
 * Per-stage schedule rules (issue 41): a stage of a multi_stage tournament may set its own rest and windows (its
 * `starts_at` is a window that opens then). A match with `rules` keeps its stage's; the others keep the input's.
 * Two matches of one participant keep the larger of their two rests apart, so each stage's rest holds on both sides.
 */
import { normaliseSpans, Span } from './intervals';

export interface StageRules {
  restMs: number;
  /** When the stage's matches may be played; null: always. */
  windows: Span[] | null;
}

/** What the rules of a timetable are read from: the tournament's rest and windows, and its stages' own. */
export interface RuleSource {
  restMs: number;
  windows: Span[] | null;
  /** Indexed by a match's `rules`. */
  stageRules?: StageRules[];
}

export interface RuleBook {
  /** The rule set of a match: 0 for the tournament's, i + 1 for stageRules[i]. */
  setOf(match: { rules?: number }): number;
  /** Each rule set's windows, normalised (null: always). */
  windows: (Span[] | null)[];
  /** Each rule set's rest. */
  rests: number[];
  restOf(match: { rules?: number }): number;
  /** The least time between two matches of one participant, or between a feeder and the match it feeds. */
  gap(a: { rules?: number }, b: { rules?: number }): number;
  minRest: number;
  maxRest: number;
}

export function ruleBook(source: RuleSource): RuleBook {
  const sets = [{ restMs: source.restMs, windows: source.windows }, ...(source.stageRules ?? [])];
  const windows = sets.map((set) => (set.windows === null ? null : normaliseSpans(set.windows)));
  const rests = sets.map((set) => set.restMs);
  const setOf = (match: { rules?: number }) => (match.rules === undefined || match.rules + 1 >= sets.length ? 0 : match.rules + 1);
  const restOf = (match: { rules?: number }) => rests[setOf(match)];
  return {
    setOf,
    windows,
    rests,
    restOf,
    gap: (a, b) => Math.max(restOf(a), restOf(b)),
    minRest: Math.min(...rests),
    maxRest: Math.max(...rests),
  };
}

/** The latest instant a span may reach: a stage's `starts_at` without windows is open from then on. */
export const END_OF_TIME = 8.64e15;

/** A stage's windows with its starts_at: nothing of the stage is played before it (null windows: always). */
export function windowsFrom(windows: Span[] | null, startsAt: number | null): Span[] | null {
  if (startsAt === null) return windows;
  if (windows === null) return [{ from: startsAt, to: END_OF_TIME }];
  return windows.filter((span) => span.to > startsAt).map((span) => ({ from: Math.max(span.from, startsAt), to: span.to }));
}
