/*
 * How a league's table is scored (issue 31): by placement points across its tournaments, or as the sum of its
 * round robin (and swiss) tables.
 */
import { FieldProblem } from '../../kernel/domain-error';

export const LEAGUE_SCORINGS = ['placements', 'sum'] as const;
export type LeagueScoring = (typeof LEAGUE_SCORINGS)[number];

/** One line of a placement table, as on the wire: `ranks` is one rank ("1") or a range ("3-4"). */
export interface PlacementPoints {
  ranks: string;
  points: number;
}

export const PLACEMENT_LIMITS = { maxEntries: 64, maxRank: 1024, maxPoints: 1_000_000, maxCountedResults: 1000 } as const;

/** The table a `placements` league uses until it is given its own. */
export const DEFAULT_PLACEMENT_POINTS: readonly PlacementPoints[] = [
  { ranks: '1', points: 100 },
  { ranks: '2', points: 70 },
  { ranks: '3-4', points: 50 },
  { ranks: '5-8', points: 30 },
  { ranks: '9-16', points: 15 },
  { ranks: '17-32', points: 5 },
];

export interface RankRange {
  from: number;
  to: number;
  points: number;
}

const RANKS = /^([1-9][0-9]{0,3})(?:-([1-9][0-9]{0,3}))?$/;

/** The ranges of a valid table, in order. */
export function rankRanges(table: readonly PlacementPoints[]): RankRange[] {
  return table.map(({ ranks, points }) => {
    const [, from, to] = RANKS.exec(ranks)!;
    return { from: Number(from), to: Number(to ?? from), points };
  });
}

/** Points a rank earns under the table (0 below its last range). */
export function pointsForRank(ranges: RankRange[], rank: number): number {
  for (const range of ranges) if (rank >= range.from && rank <= range.to) return range.points;
  return 0;
}

/** Every problem of a placement table, each at its pointer: bad ranks, a range that runs backwards, overlaps, gaps in order, negative points. */
export function placementPointsProblems(table: readonly PlacementPoints[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (table.length === 0 || table.length > PLACEMENT_LIMITS.maxEntries) {
    return [{ pointer: '/placement_points', detail: `must hold 1 to ${PLACEMENT_LIMITS.maxEntries} lines.` }];
  }
  let previous: { from: number; to: number } | null = null;
  table.forEach(({ ranks, points }, index) => {
    const at = `/placement_points/${index}`;
    if (!(typeof points === 'number' && Number.isFinite(points) && points >= 0 && points <= PLACEMENT_LIMITS.maxPoints)) {
      problems.push({ pointer: `${at}/points`, detail: `must be a number from 0 to ${PLACEMENT_LIMITS.maxPoints}.` });
    }
    const match = typeof ranks === 'string' ? RANKS.exec(ranks) : null;
    if (!match) {
      problems.push({ pointer: `${at}/ranks`, detail: `must be a rank ("1") or a range of ranks ("3-4"), from 1 to ${PLACEMENT_LIMITS.maxRank}.` });
      return;
    }
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (to > PLACEMENT_LIMITS.maxRank) problems.push({ pointer: `${at}/ranks`, detail: `ranks go up to ${PLACEMENT_LIMITS.maxRank}.` });
    else if (to < from) problems.push({ pointer: `${at}/ranks`, detail: `the range runs backwards; write it ${to}-${from}.` });
    else if (previous && from <= previous.to) {
      problems.push({
        pointer: `${at}/ranks`,
        detail:
          to >= previous.from
            ? `overlaps the line before (${previous.from}-${previous.to}): each rank may earn points once.`
            : 'comes before the line above it: list ranges from the best rank down.',
      });
    } else previous = { from, to };
  });
  return problems;
}

export function countedResultsProblems(counted: number): FieldProblem[] {
  if (Number.isInteger(counted) && counted >= 1 && counted <= PLACEMENT_LIMITS.maxCountedResults) return [];
  return [{ pointer: '/counted_results', detail: `must be a whole number from 1 to ${PLACEMENT_LIMITS.maxCountedResults} (null counts every result).` }];
}
