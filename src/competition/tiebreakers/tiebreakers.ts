/*
 * The tiebreaker catalogue (issue 31): how round robin and swiss tables order rows level on points, by the
 * tournament's own list (competition-rules.ts names them and says which fit which format).
 */
import type { CompetitionRules, PointsRule, TiebreakerName } from '../rules/competition-rules';
import { MatchResult } from '../match/match';

export interface Tiebreaker {
  name: string;
  value: number | boolean | null;
  /** `organiser_decision` (issue 40): why the organiser ordered rows nothing else separated. */
  reason?: string;
}

/** What the catalogue needs of a row: its totals under the tournament's points, and its place in the seeding. */
export interface RuleEntry {
  participantId: string;
  seed: number | null;
  seedingIndex: number;
  points: number;
  wins: number;
  scoreFor: number;
  scoreAgainst: number;
}

export interface RankedEntry<E extends RuleEntry> {
  entry: E;
  rank: number;
  /** Each of the rules' tiebreakers, in order, with the value it had where it last applied to this row. */
  tiebreakers: Tiebreaker[];
}

type Values = Map<string, number | null>;

/** What the catalogue reads of a match (a tournament's, or a league's across its tournaments). */
export interface ScoredMatch {
  status: string;
  opponents: { participantId: string | null; score: number | null; result: MatchResult | null }[];
  /** A void match (both sides withdrew, or a disqualification voided it) counts for nobody. */
  outcome?: string | null;
  /** A series' games (issue 44); a result without them is one game. */
  games?: readonly { scores: readonly number[]; winnerId: string | null }[];
  /** A reported forfeit or double forfeit was not played: it has no games. */
  reportedOutcome?: string | null;
}

/** Games won and lost, and the points scored within them (table tennis points, rounds of a map), per participant. */
export interface GameTotals {
  won: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
}

/**
 * The games of a completed two-sided match, as the game tiebreakers and the table's games columns count them: a
 * series' reported games; a result reported without games is one game (its scores, won by its winner, drawn as
 * ½–½); a forfeit, a double forfeit and a withdrawal's decision were not played and have none.
 */
function gamesOf(match: ScoredMatch): { scores: readonly number[]; winnerId: string | null }[] {
  if (match.games !== undefined && match.games.length > 0) return [...match.games];
  if (match.outcome != null || match.reportedOutcome === 'forfeit' || match.reportedOutcome === 'double_forfeit') return [];
  const winner = match.opponents.find((opponent) => opponent.result === 'win');
  return [{ scores: match.opponents.map((opponent) => opponent.score ?? 0), winnerId: winner?.participantId ?? null }];
}

/** Every participant's games over the completed two-sided matches (void ones count for nobody). */
export function gameTotalsOf(matches: Iterable<ScoredMatch>): Map<string, GameTotals> {
  const totals = new Map<string, GameTotals>();
  const of = (id: string) => {
    let found = totals.get(id);
    if (!found) totals.set(id, (found = { won: 0, lost: 0, pointsFor: 0, pointsAgainst: 0 }));
    return found;
  };
  for (const match of matches) {
    if (match.status !== 'completed' || match.opponents.length !== 2 || match.outcome === 'void') continue;
    const ids = match.opponents.map((opponent) => opponent.participantId);
    for (const game of gamesOf(match)) {
      for (const [slot, id] of ids.entries()) {
        if (id === null) continue;
        const row = of(id);
        const share = game.winnerId === null ? 0.5 : game.winnerId === id ? 1 : 0;
        row.won += share;
        row.lost += game.winnerId === null ? 0.5 : 1 - share;
        row.pointsFor += game.scores[slot];
        row.pointsAgainst += game.scores[1 - slot];
      }
    }
  }
  return totals;
}

const HEAD_TO_HEAD = new Set<TiebreakerName>(['head_to_head_points', 'head_to_head_score_difference', 'head_to_head_score_for']);

/** Only the seed is better low (an unseeded row, null, is worst on every criterion). */
const LOWER_IS_BETTER = new Set<TiebreakerName>(['seed']);

/**
 * Orders rows by points, then by the rules' tiebreakers. Head-to-head criteria count only the matches among
 * exactly the rows still tied. Whenever a criterion splits a tied group, each part that is still tied is
 * ranked again from the first tiebreaker, so a head-to-head criterion is re-applied to the smaller group (the
 * UEFA rule; an overall criterion gives the same values again and moves on). Rows no criterion separates share
 * a rank and keep their seeding order. The result does not depend on the order of `matches`.
 */
export function rankByRules<E extends RuleEntry>(rules: CompetitionRules, entries: E[], matches: readonly ScoredMatch[]): RankedEntry<E>[] {
  const played = matches.filter((match) => match.status === 'completed' && match.opponents.length === 2 && match.outcome !== 'void');
  const meetings = meetingsOf(played);
  const byId = new Map(entries.map((entry) => [entry.participantId, entry]));
  const shown = new Map<TiebreakerName, Values>(rules.tiebreakers.map((name) => [name, overallValues(name, entries, played, byId)]));
  for (const name of rules.tiebreakers.filter((one) => HEAD_TO_HEAD.has(one))) {
    // Before any tie is broken, a head-to-head value is the one among the rows level on points.
    for (const level of groupBy(entries, (entry) => entry.points)) {
      for (const [id, value] of headToHead(name, level, meetings, rules.points)) shown.get(name)!.set(id, value);
    }
  }

  const criterionValues = (name: TiebreakerName, group: E[]): Values => {
    if (!HEAD_TO_HEAD.has(name)) return shown.get(name)!;
    const values = headToHead(name, group, meetings, rules.points);
    for (const [id, value] of values) shown.get(name)!.set(id, value);
    return values;
  };

  const order = (group: E[]): E[][] => {
    if (group.length === 1) return [group];
    for (const name of rules.tiebreakers) {
      const values = criterionValues(name, group);
      const parts = split(group, (entry) => values.get(entry.participantId) ?? null, LOWER_IS_BETTER.has(name));
      if (parts.length > 1) return parts.flatMap(order);
    }
    return [group];
  };

  const ranked: RankedEntry<E>[] = [];
  for (const level of split(entries, (entry) => entry.points, false)) {
    for (const tied of order(level)) {
      const rank = ranked.length + 1;
      for (const entry of [...tied].sort((a, b) => a.seedingIndex - b.seedingIndex)) {
        const tiebreakers = rules.tiebreakers.map((name) => ({ name, value: shown.get(name)!.get(entry.participantId) ?? null }));
        ranked.push({ entry, rank, tiebreakers });
      }
    }
  }
  return ranked;
}

/** Rows grouped by equal value, best group first; null is worst. */
function split<E>(rows: E[], valueOf: (row: E) => number | null, lowerIsBetter: boolean): E[][] {
  const groups = groupBy(rows, valueOf);
  return groups.sort((a, b) => {
    const x = valueOf(a[0]);
    const y = valueOf(b[0]);
    if (x === null) return 1;
    if (y === null) return -1;
    return lowerIsBetter ? x - y : y - x;
  });
}

function groupBy<E, K>(rows: E[], keyOf: (row: E) => K): E[][] {
  const groups = new Map<K, E[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** A criterion that does not depend on which rows are tied. */
function overallValues(name: TiebreakerName, entries: RuleEntry[], played: ScoredMatch[], byId: Map<string, RuleEntry>): Values {
  switch (name) {
    case 'score_difference':
      return new Map(entries.map((entry) => [entry.participantId, entry.scoreFor - entry.scoreAgainst]));
    case 'score_for':
      return new Map(entries.map((entry) => [entry.participantId, entry.scoreFor]));
    case 'wins':
      return new Map(entries.map((entry) => [entry.participantId, entry.wins]));
    case 'seed':
      return new Map(entries.map((entry) => [entry.participantId, entry.seed]));
    case 'game_difference':
    case 'games_won':
    case 'game_score_difference': {
      const games = gameTotalsOf(played);
      const none: GameTotals = { won: 0, lost: 0, pointsFor: 0, pointsAgainst: 0 };
      const valueOf = ({ won, lost, pointsFor, pointsAgainst }: GameTotals) =>
        name === 'games_won' ? won : name === 'game_difference' ? won - lost : pointsFor - pointsAgainst;
      return new Map(entries.map((entry) => [entry.participantId, valueOf(games.get(entry.participantId) ?? none)]));
    }
    case 'buchholz':
    case 'buchholz_cut1':
    case 'sonneborn_berger':
      return opponentStrength(name, entries, played, byId);
    default:
      // Head-to-head values are filled in per group.
      return new Map();
  }
}

/**
 * Buchholz: the opponents' points added up (a bye is not an opponent: it adds nothing). Buchholz cut 1: the same
 * without the weakest opponent. Sonneborn-Berger: the points of the opponents beaten, and half of those drawn with.
 */
function opponentStrength(name: TiebreakerName, entries: RuleEntry[], played: ScoredMatch[], byId: Map<string, RuleEntry>): Values {
  const opponents = new Map<string, number[]>(entries.map((entry) => [entry.participantId, []]));
  const sonnebornBerger = new Map<string, number>(entries.map((entry) => [entry.participantId, 0]));
  // `played` holds two-opponent matches only: a bye is not an opponent, it adds nothing.
  for (const match of played) {
    const [a, b] = match.opponents;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      const otherPoints = byId.get(other.participantId!)?.points ?? 0;
      opponents.get(self.participantId!)?.push(otherPoints);
      const factor = self.result === 'win' ? 1 : self.result === 'draw' ? 0.5 : 0;
      sonnebornBerger.set(self.participantId!, (sonnebornBerger.get(self.participantId!) ?? 0) + factor * otherPoints);
    }
  }
  if (name === 'sonneborn_berger') return sonnebornBerger;
  return new Map(
    [...opponents].map(([id, points]) => {
      const total = points.reduce((sum, value) => sum + value, 0);
      return [id, name === 'buchholz_cut1' && points.length > 0 ? total - Math.min(...points) : total];
    }),
  );
}

/** One side of a completed match: what a participant made of it against whom. */
interface Meeting {
  self: ScoredMatch['opponents'][number];
  other: ScoredMatch['opponents'][number];
}

/** Each participant's meetings, so a group's head to head reads its members' matches, not every match. */
function meetingsOf(played: ScoredMatch[]): Map<string, Meeting[]> {
  const meetings = new Map<string, Meeting[]>();
  for (const match of played) {
    const [a, b] = match.opponents;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      const list = meetings.get(self.participantId!);
      if (list) list.push({ self, other });
      else meetings.set(self.participantId!, [{ self, other }]);
    }
  }
  return meetings;
}

/** A head-to-head criterion over the matches among exactly `group`. */
function headToHead(name: TiebreakerName, group: RuleEntry[], meetings: Map<string, Meeting[]>, points: PointsRule): Values {
  const members = new Set(group.map((entry) => entry.participantId));
  const values = new Map<string, number>(group.map((entry) => [entry.participantId, 0]));
  if (group.length < 2) return values;
  for (const id of members) {
    let total = 0;
    for (const { self, other } of meetings.get(id) ?? []) {
      if (!members.has(other.participantId!)) continue;
      total +=
        name === 'head_to_head_points'
          ? points[self.result!]
          : name === 'head_to_head_score_for'
            ? (self.score ?? 0)
            : (self.score ?? 0) - (other.score ?? 0);
    }
    values.set(id, total);
  }
  return values;
}
