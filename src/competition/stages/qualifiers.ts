/*
 * Who a finished stage sends on (issue 40): each group's table in order, an organiser's decision applied where rows
 * were tied across the cut, the best of the k-th placed rows ranked across groups. Rows that nothing separates on
 * either side of a cut are not guessed: the stage waits for a decision.
 */
import type { StagePlay, StageSource } from '../match/match';
import type { StandingRow } from '../ranking/ranking';

/** A table row with the seed the last comparison across groups falls back on. */
export interface RankedRow extends StandingRow {
  seed: number | null;
}

/** Rows tied across a cut (issue 40): the group (null: the table of the best k-th placed), the rows and the cut. */
export interface TieAtCut {
  group: string | null;
  participantIds: string[];
  /** How many of the tied rows' table move on: the line falls after this place. */
  cut: number;
}

export type Qualification = { sources: Map<string, string>; ranked: Map<string, RankedRow[]> } | { tie: TieAtCut };

export function sourceKey(source: StageSource): string {
  if ('group' in source) return `${source.group}${source.place}`;
  if ('best' in source) return `best${source.best}:${source.rank}`;
  return `seed:${source.seed}`;
}

/** Across groups (best of the rest, standings seeding): points, then score difference, score for, wins, then seed. */
export function compareAcrossGroups(a: RankedRow, b: RankedRow): number {
  return (
    b.points - a.points ||
    b.scoreFor - b.scoreAgainst - (a.scoreFor - a.scoreAgainst) ||
    b.scoreFor - a.scoreFor ||
    b.wins - a.wins ||
    bySeed(a.seed, b.seed)
  );
}

/** The better (lower) seed first, the unseeded after every seed and level with each other. */
function bySeed(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** A group's rows with the organiser's order applied to the rows it names (they keep the places they share). */
export function withDecision(rows: RankedRow[], decision: { order: readonly string[]; reason: string } | undefined): RankedRow[] {
  if (!decision) return rows;
  const { order, reason } = decision;
  const named = new Set(order);
  const places = rows.map((row, index) => (named.has(row.participantId) ? index : -1)).filter((index) => index >= 0);
  const byId = new Map(rows.map((row) => [row.participantId, row]));
  const result = [...rows];
  places.forEach((place, index) => {
    const row = byId.get(order[index])!;
    result[place] = { ...row, rank: rows[places[0]].rank + index, tiebreakers: [...row.tiebreakers, { name: 'organiser_decision', value: index + 1, reason }] };
  });
  return result;
}

/** Rows sharing a rank across the line after `cut` rows, unless a decision ordered them. */
function tieAt(rows: RankedRow[], cut: number, decided: boolean, group: string | null): TieAtCut | null {
  if (decided || cut <= 0 || cut >= rows.length) return null;
  const above = rows[cut - 1];
  const below = rows[cut];
  if (above.rank !== below.rank) return null;
  return { group, participantIds: rows.filter((row) => row.rank === above.rank).map((row) => row.participantId), cut };
}

/**
 * The qualifiers of a finished stage by source, or the first tie across a cut. `tables` holds each group's rows in
 * table order (rank shared where nothing separates them).
 */
export function qualify(stage: StagePlay, tables: Map<string, RankedRow[]>): Qualification {
  const advance = stage.advance!;
  const decisions = new Map(stage.decisions.map((decision) => [decision.group, decision]));
  const ranked = new Map<string, RankedRow[]>();
  const sources = new Map<string, string>();
  const perGroup = 'top' in advance ? advance.top : advance.perGroup;
  for (const [label, rows] of tables) {
    const ordered = withDecision(rows, decisions.get(label));
    const tie = tieAt(ordered, perGroup, decisions.has(label), label) ?? (('best' in advance && advance.best && tieAt(ordered, advance.best.place, decisions.has(label), label)) || null);
    if (tie) return { tie };
    ranked.set(label, ordered);
    ordered.slice(0, perGroup).forEach((row, index) => sources.set(sourceKey({ stage: stage.key, group: label, place: index + 1 }), row.participantId));
  }
  if ('perGroup' in advance && advance.best) {
    const { place, count } = advance.best;
    const placed = [...ranked.values()].flatMap((rows) => (rows[place - 1] ? [rows[place - 1]] : []));
    const order = rankAcross(placed);
    const decided = decisions.get(null);
    const best = withDecision(order, decided);
    const tie = tieAt(best, count, decided !== undefined, null);
    if (tie) return { tie };
    ranked.set('', best);
    best.slice(0, count).forEach((row, index) => sources.set(sourceKey({ stage: stage.key, best: place, rank: index + 1 }), row.participantId));
  }
  // Seeding `standings`: every qualifier ranked across groups, by place, then as across groups.
  const everyone = [...tables.keys()].flatMap((label) => ranked.get(label)!.slice(0, perGroup).map((row, index) => ({ row, place: index + 1 })));
  if ('perGroup' in advance && advance.best) for (const row of ranked.get('')!.slice(0, advance.best.count)) everyone.push({ row, place: advance.best.place });
  everyone.sort((a, b) => a.place - b.place || compareAcrossGroups(a.row, b.row));
  everyone.forEach(({ row }, index) => sources.set(sourceKey({ stage: stage.key, seed: index + 1 }), row.participantId));
  return { sources, ranked };
}

/** Rows from different groups in order, sharing a rank only where every comparison but the seed is level and seeds are equal. */
export function rankAcross(rows: RankedRow[]): RankedRow[] {
  const sorted = [...rows].sort(compareAcrossGroups);
  const result: RankedRow[] = [];
  sorted.forEach((row, index) => result.push({ ...row, rank: index > 0 && compareAcrossGroups(sorted[index - 1], row) === 0 ? result[index - 1].rank : index + 1 }));
  return result;
}
