/*
 * What the formats' tables are built from: each participant's totals over the completed matches, then either the
 * competition rules (points and tiebreakers, tiebreakers.ts) or a format's own ranking keys. Each format picks
 * (formats/*.ts); standings.ts asks the tournament's format.
 */
import { CompetitionTotals, totalsOf } from './totals';
import { CompetitionRules, effectiveRules, PointsRule } from '../rules/competition-rules';
import { FormatSettings, Match, Opponent, SeededParticipant } from '../match/match';
import { rankByRules, Tiebreaker } from '../tiebreakers/tiebreakers';

export type { Tiebreaker };

/** What a participant's completed matches add up to. */
type Totals = CompetitionTotals;

export interface StandingRow extends Totals {
  rank: number;
  participantId: string;
  /** In the order they are applied, each with its value, so a reader sees why a row is above another. */
  tiebreakers: Tiebreaker[];
  /** Games won and lost, where the tournament plays series (best_of above 1); left out otherwise. */
  gamesWon?: number;
  gamesLost?: number;
}

export interface Tally extends Totals {
  participant: SeededParticipant;
  seedingIndex: number;
}

/** How one ranking key compares two rows: higher is better unless `lowerIsBetter`; null is always worst. */
export interface RankingKey {
  name: string;
  lowerIsBetter?: boolean;
}

/** The points one opponent of a completed match earns. */
export type PointsOf = (opponent: Opponent, match: Match) => number;

/** Elimination formats count wins; round robin and swiss score by their rules. */
export const WINS_ONLY: PointsRule = { win: 1, draw: 0, loss: 0 };

/** Points by result under a points rule. */
export function pointsByResult(points: PointsRule): PointsOf {
  return (opponent) => points[opponent.result!];
}

/** The rules a round robin or swiss table is ranked by: the tournament's, or the format's defaults. */
function rulesOf(settings: FormatSettings): CompetitionRules | null {
  return settings.rules ?? effectiveRules(settings.format, { points: null, tiebreakers: null, legs: null });
}

export function tally(participants: SeededParticipant[], matches: Iterable<Match>, pointsOf: PointsOf): Map<string, Tally> {
  const tallies = new Map<string, Tally>(
    participants.map((participant, seedingIndex) => [
      participant.id,
      { participant, seedingIndex, played: 0, wins: 0, draws: 0, losses: 0, points: 0, scoreFor: 0, scoreAgainst: 0 },
    ]),
  );
  for (const match of matches) {
    if (match.status !== 'completed' || match.outcome === 'void') continue;
    const totalScore = match.opponents.reduce((sum, opponent) => sum + (opponent.score ?? 0), 0);
    for (const opponent of match.opponents) {
      // An elimination walkover has an empty slot: whoever it was for left before getting there.
      if (opponent.participantId === null) continue;
      const row = tallies.get(opponent.participantId)!;
      row.played++;
      if (opponent.result === 'win') row.wins++;
      else if (opponent.result === 'draw') row.draws++;
      else row.losses++;
      row.scoreFor += opponent.score ?? 0;
      row.scoreAgainst += totalScore - (opponent.score ?? 0);
      row.points += pointsOf(opponent, match);
    }
  }
  return tallies;
}

function compareKeys(keys: RankingKey[], a: Tiebreaker[], b: Tiebreaker[]): number {
  for (let i = 0; i < keys.length; i++) {
    const x = a[i].value;
    const y = b[i].value;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const difference = Number(y) - Number(x);
    return keys[i].lowerIsBetter ? -difference : difference;
  }
  return 0;
}

/**
 * Rows ordered by the format's keys, then seeding order; rows that no key separates share a rank (1, 1, 3).
 * `shown`: how many leading keys the rows' tiebreakers leave out (a key the table already shows, as points).
 */
export function rankedByKeys(
  tallies: Map<string, Tally>,
  keys: RankingKey[],
  valuesOf: (row: Tally) => Record<string, number | boolean | null>,
  shown = 0,
): StandingRow[] {
  const rows = [...tallies.values()].map((row) => {
    const values = valuesOf(row);
    const ranking = keys.map((key) => ({ name: key.name, value: values[key.name] }));
    return { row, ranking };
  });
  rows.sort((a, b) => compareKeys(keys, a.ranking, b.ranking) || a.row.seedingIndex - b.row.seedingIndex);

  const standings: StandingRow[] = [];
  rows.forEach(({ row, ranking }, index) => {
    const tied = index > 0 && compareKeys(keys, rows[index - 1].ranking, ranking) === 0;
    standings.push({
      rank: tied ? standings[index - 1].rank : index + 1,
      participantId: row.participant.id,
      ...totalsOf(row),
      tiebreakers: ranking.slice(shown),
    });
  });
  return standings;
}

/** Round robin and swiss: points by the rules, then the rules' tiebreakers (tiebreakers.ts). */
export function standingsByRules(settings: FormatSettings, participants: SeededParticipant[], matchList: Iterable<Match>): StandingRow[] {
  const matches = [...matchList];
  const rules = rulesOf(settings)!;
  const tallies = tally(participants, matches, pointsByResult(rules.points));
  return rankedByRules(rules, tallies, matches);
}

function rankedByRules(rules: CompetitionRules, tallies: Map<string, Tally>, matches: Match[]): StandingRow[] {
  const entries = [...tallies.values()].map((row) => ({ ...row, participantId: row.participant.id, seed: row.participant.seed }));
  return rankByRules(rules, entries, matches).map(({ entry, rank, tiebreakers }) => ({
    rank,
    participantId: entry.participantId,
    played: entry.played,
    wins: entry.wins,
    draws: entry.draws,
    losses: entry.losses,
    points: entry.points,
    scoreFor: entry.scoreFor,
    scoreAgainst: entry.scoreAgainst,
    tiebreakers,
  }));
}
