/*
 * A league's table across its completed tournaments (issue 31), from what LeagueResults reads: placement points
 * (weighted, best N counted) or the sum of round robin tables. Plain data in, rows out; computed on every read,
 * so a correction or a new weight shows on the next one.
 */
import { CompletedTournament, LeagueEntrant, RankableRow, RankedMatch, Tiebreaker } from './league-results';
import { PlacementPoints, pointsForRank, rankRanges } from './league-scoring';

export type { Tiebreaker };

export interface PlacementResult {
  tournamentId: string;
  rank: number;
  /** The table's points for the rank times the tournament's weight. */
  points: number;
  counted: boolean;
}

export interface PlacementRow {
  rank: number;
  competitor: string;
  name: string;
  points: number;
  /** Every result, in tournament order, counted or not. */
  results: PlacementResult[];
  tiebreakers: Tiebreaker[];
}

export interface SumRow {
  rank: number;
  competitor: string;
  name: string;
  points: number;
  tournaments: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  scoreFor: number;
  scoreAgainst: number;
  tiebreakers: Tiebreaker[];
}

/**
 * The key that joins one competitor across tournaments: its `external_id` when set, otherwise its name compared
 * without case. The two never meet (an external id "ann" and a name "Ann" are two competitors).
 */
export function competitorOf(entrant: Pick<LeagueEntrant, 'externalId' | 'name'>): { key: string; shown: string } {
  if (entrant.externalId !== null) return { key: `id:${entrant.externalId}`, shown: entrant.externalId };
  const folded = entrant.name.normalize('NFC').toLowerCase();
  return { key: `name:${folded}`, shown: folded };
}

/** Placement points are multiplied by weights: rounded so 3 × 0.1 shows as 0.3. */
function rounded(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

interface Competitor<R> {
  key: string;
  shown: string;
  /** The name in the latest tournament it played. */
  name: string;
  results: R[];
}

function byCompetitor<R>(tournaments: CompletedTournament[], resultOf: (tournament: CompletedTournament, entrant: LeagueEntrant) => R | null) {
  // Two maps instead of one keyed by a built string: thousands of entrants are looked up with no string made for the external ids.
  const byExternalId = new Map<string, Competitor<R>>();
  const byName = new Map<string, Competitor<R>>();
  for (const tournament of tournaments) {
    for (const entrant of tournament.entrants) {
      const result = resultOf(tournament, entrant);
      if (result === null) continue;
      const map = entrant.externalId === null ? byName : byExternalId;
      const lookup = entrant.externalId ?? competitorOf(entrant).shown;
      let competitor = map.get(lookup);
      if (!competitor) {
        competitor = { ...competitorOf(entrant), name: entrant.name, results: [] };
        map.set(lookup, competitor);
      }
      competitor.name = entrant.name;
      competitor.results.push(result);
    }
  }
  return [...byExternalId.values(), ...byName.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Ranks sorted rows: a row equal to the one above by `compare` shares its rank. */
function withRanks<T>(rows: T[], compare: (a: T, b: T) => number): { row: T; rank: number }[] {
  const sorted = [...rows].sort(compare);
  const ranked: { row: T; rank: number }[] = [];
  sorted.forEach((row, index) => {
    const rank = index > 0 && compare(sorted[index - 1], row) === 0 ? ranked[index - 1].rank : index + 1;
    ranked.push({ row, rank });
  });
  return ranked;
}

/**
 * Placements: each result earns the table's points for its rank times the tournament's weight; with
 * `countedResults`, only each competitor's best N count (a tie between equal results counts the earlier).
 * Ties: more tournaments won, then the best single placement, then the placement in the competitor's most recent
 * tournament; still level, the rows share a rank.
 */
export function placementsTable(tournaments: CompletedTournament[], table: readonly PlacementPoints[], countedResults: number | null): PlacementRow[] {
  const ranges = rankRanges(table);
  const competitors = byCompetitor(tournaments, (tournament, entrant) =>
    entrant.finalRank === null
      ? null
      : {
          tournamentId: tournament.id,
          rank: entrant.finalRank,
          points: rounded(pointsForRank(ranges, entrant.finalRank) * tournament.weight),
          counted: false,
        },
  );
  const rows = competitors.map((competitor) => {
    const best = competitor.results
      .map((result, order) => ({ result, order }))
      .sort((a, b) => b.result.points - a.result.points || a.order - b.order)
      .slice(0, countedResults ?? competitor.results.length);
    for (const { result } of best) result.counted = true;
    const ranks = competitor.results.map((result) => result.rank);
    const values = {
      tournaments_won: ranks.filter((rank) => rank === 1).length,
      best_placement: Math.min(...ranks),
      most_recent_placement: ranks[ranks.length - 1],
    };
    return {
      competitor,
      points: rounded(best.reduce((sum, { result }) => sum + result.points, 0)),
      values,
    };
  });
  const ranked = withRanks(
    rows,
    (a, b) =>
      b.points - a.points ||
      b.values.tournaments_won - a.values.tournaments_won ||
      a.values.best_placement - b.values.best_placement ||
      a.values.most_recent_placement - b.values.most_recent_placement,
  );
  return ranked.map(({ row, rank }) => ({
    rank,
    competitor: row.competitor.shown,
    name: row.competitor.name,
    points: row.points,
    results: row.competitor.results,
    tiebreakers: Object.entries(row.values).map(([name, value]) => ({ name, value })),
  }));
}

interface SumEntry extends RankableRow {
  competitor: Competitor<unknown>;
  tournaments: number;
  played: number;
  draws: number;
  losses: number;
}

/**
 * Sum: the round robin (and swiss) tables of the league's tournaments added up, each scored by its own points;
 * tournaments of other formats are left out. Ties are broken by the first tournament's tiebreakers, over the
 * matches of every counted tournament (head to head counts the tied competitors' meetings in all of them, at the
 * first tournament's points); `seed` is the competitor's seed in the first tournament it played.
 */
export function sumTable(tournaments: CompletedTournament[]): SumRow[] {
  const counted = tournaments.filter((tournament) => tournament.rankByRules !== null);
  if (counted.length === 0) return [];
  const keyOf = new Map<string, string>();
  const seedOf = new Map<string, number | null>();
  for (const tournament of counted) {
    for (const entrant of tournament.entrants) {
      const { key } = competitorOf(entrant);
      keyOf.set(`${tournament.id}/${entrant.participantId}`, key);
      if (!seedOf.has(key)) seedOf.set(key, entrant.seed);
    }
  }
  const tables = new Map(counted.map((tournament) => [tournament.id, new Map(tournament.table.map((row) => [row.participantId, row]))]));
  const competitors = byCompetitor(counted, (tournament, entrant) => tables.get(tournament.id)!.get(entrant.participantId) ?? null);
  const entries: SumEntry[] = competitors.map((competitor, seedingIndex) => {
    const total = (pick: (row: (typeof competitor.results)[number]) => number) => competitor.results.reduce((sum, row) => sum + pick(row), 0);
    return {
      participantId: competitor.key,
      competitor,
      seed: seedOf.get(competitor.key) ?? null,
      seedingIndex,
      tournaments: competitor.results.length,
      played: total((row) => row.played),
      wins: total((row) => row.wins),
      draws: total((row) => row.draws),
      losses: total((row) => row.losses),
      points: rounded(total((row) => row.points)),
      scoreFor: total((row) => row.scoreFor),
      scoreAgainst: total((row) => row.scoreAgainst),
    };
  });
  const matches: RankedMatch[] = counted.flatMap((tournament) =>
    tournament.matches.map((match) => ({
      opponents: match.opponents.map((opponent) => ({ ...opponent, participantId: keyOf.get(`${tournament.id}/${opponent.participantId}`) ?? null })),
    })),
  );
  return counted[0].rankByRules!(entries, matches).map(({ entry, rank, tiebreakers }) => ({
    rank,
    competitor: entry.competitor.shown,
    name: entry.competitor.name,
    points: entry.points,
    tournaments: entry.tournaments,
    played: entry.played,
    wins: entry.wins,
    draws: entry.draws,
    losses: entry.losses,
    scoreFor: entry.scoreFor,
    scoreAgainst: entry.scoreAgainst,
    tiebreakers,
  }));
}
