/*
 * The rating engine (issue 43): a league's rated results, replayed in the order they were completed, give every
 * player's rating. Pure: the same settings and results give the same table, which is what makes a correction a
 * replay from scratch (docs/ratings.md).
 */
import type * as OpenSkill from 'openskill';
import { eloAfter } from './elo';
import { glicko2Period } from './glicko2';
import { RatingSettings } from './rating-settings';

/** One rated result: a match (or, with `per_game`, one game of a series) and where each player placed. */
export interface RatedResult {
  /** Orders results completed at the same instant; unique per result (a game's id names its match and number). */
  id: string;
  matchId: string;
  tournamentId: string;
  completedAt: Date;
  /** Two or more players; rank 1 is the best, equal ranks a draw between them. */
  placings: readonly { key: string; name: string; rank: number }[];
}

export type RatingValues = { mu: number; sigma: number } | { rating: number; rd: number; volatility: number } | { rating: number };

export type Outcome = 'win' | 'draw' | 'loss';

export interface PlayerRating {
  key: string;
  name: string;
  values: RatingValues;
  /** The conservative score the table is ranked by (conservativeScore). */
  score: number;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  /** The score's change in the player's last rated result; null before any. */
  lastChange: number | null;
  lastChangedAt: Date | null;
  provisional: boolean;
}

export interface RatingHistoryEntry {
  key: string;
  resultId: string;
  matchId: string;
  tournamentId: string;
  completedAt: Date;
  rank: number;
  outcome: Outcome;
  before: RatingValues;
  after: RatingValues;
  scoreBefore: number;
  scoreAfter: number;
}

export interface RatingsComputation {
  /** Best first: by score, then by more matches, then by key. */
  table: PlayerRating[];
  /** Every rated result of every player, oldest first. */
  history: RatingHistoryEntry[];
}

/** The uncertainty above which a player stays provisional: Lichess's RD of 110 on Glicko's 350 scale, and the same share of openskill's initial σ. */
const PROVISIONAL_RD = 110;
const PROVISIONAL_SIGMA_SHARE = 110 / 350;

export function initialValues(settings: RatingSettings): RatingValues {
  switch (settings.model) {
    case 'openskill':
      return { mu: settings.mu, sigma: settings.sigma };
    case 'glicko2':
      return { rating: settings.rating, rd: settings.rd, volatility: settings.volatility };
    case 'elo':
      return { rating: settings.rating };
  }
}

/** The score that ranks the table: a rating the player is very likely above (openskill μ − 3σ, Glicko-2 rating − 2·RD; Elo has no uncertainty). */
export function conservativeScore(values: RatingValues): number {
  if ('mu' in values) return values.mu - 3 * values.sigma;
  if ('rd' in values) return values.rating - 2 * values.rd;
  return values.rating;
}

export function isProvisional(settings: RatingSettings, values: RatingValues, matches: number): boolean {
  if (matches < settings.provisional_matches) return true;
  if ('sigma' in values && settings.model === 'openskill') return values.sigma > settings.sigma * PROVISIONAL_SIGMA_SHARE;
  if ('rd' in values) return values.rd > PROVISIONAL_RD;
  return false;
}

/** A player's outcome in a result: a win when alone in the best place, a draw when sharing it, a loss otherwise. */
export function outcomeOf(rank: number, ranks: readonly number[]): Outcome {
  const best = Math.min(...ranks);
  if (rank !== best) return 'loss';
  return ranks.filter((other) => other === best).length > 1 ? 'draw' : 'win';
}

/** Results in the order they are rated: by completion, then by id. */
export function inRatingOrder(results: readonly RatedResult[]): RatedResult[] {
  return [...results].sort(comparePositions);
}

let loadedOpenSkill: typeof OpenSkill | undefined;

/**
 * openskill and its @stdlib dependencies cost about 12 MiB of memory in every thread that loads them: loaded at the
 * first openskill rating, so a process (or worker thread) that never rates with it never pays (docs/performance.md).
 */
function openSkill(): typeof OpenSkill {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedOpenSkill ??= require('openskill') as typeof OpenSkill;
  return loadedOpenSkill;
}

/** Every player's new values after one result, from their values before it (all read before any is written). */
export function rateResult(settings: RatingSettings, before: readonly RatingValues[], ranks: readonly number[]): RatingValues[] {
  switch (settings.model) {
    case 'openskill': {
      const teams = before.map((values) => [values as { mu: number; sigma: number }]);
      const rated = openSkill().rate(teams, { rank: [...ranks], mu: settings.mu, sigma: settings.sigma, beta: settings.beta, tau: settings.tau });
      return rated.map(([player]) => ({ mu: player.mu, sigma: player.sigma }));
    }
    case 'glicko2': {
      const players = before as readonly { rating: number; rd: number; volatility: number }[];
      // A free-for-all is one rating period in which each player met every other (Glickman's multi-game period).
      return players.map((player, i) =>
        glicko2Period(
          player,
          players.flatMap((opponent, j) => (i === j ? [] : [{ opponent, score: pairScore(ranks[i], ranks[j]) }])),
          settings.tau,
        ),
      );
    }
    case 'elo': {
      const ratings = before.map((values) => (values as { rating: number }).rating);
      // Each pair of a free-for-all is a game; K is shared among the n − 1 so a player's stake stays one match's.
      const k = settings.k / (ratings.length - 1);
      return ratings.map((rating, i) => ({
        rating: eloAfter(
          rating,
          ratings.flatMap((opponent, j) => (i === j ? [] : [{ opponent, score: pairScore(ranks[i], ranks[j]) }])),
          k,
        ),
      }));
    }
  }
}

const pairScore = (rank: number, other: number) => (rank < other ? 1 : rank === other ? 0.5 : 0);

/** A result's place in the rating order: when it was completed, then its id. */
export interface RatingPosition {
  completedAt: Date;
  id: string;
}

/** Negative when `a` is rated before `b`. */
export function comparePositions(a: RatingPosition, b: RatingPosition): number {
  return a.completedAt.getTime() - b.completedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The table's order: by score, then by more matches, then by key. */
export function byStanding(a: PlayerRating, b: PlayerRating): number {
  return b.score - a.score || b.matches - a.matches || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Rates `results` (in rating order) on top of `players` (key → row as it stands, changed in place; a newcomer is
 * added) and returns their history entries. The one step both a replay and a report's update take, so an update
 * on the stored table gives what a replay gives.
 */
export function applyResults(settings: RatingSettings, players: Map<string, PlayerRating>, results: readonly RatedResult[]): RatingHistoryEntry[] {
  const history: RatingHistoryEntry[] = [];
  const start = initialValues(settings);
  for (const result of results) {
    if (result.placings.length < 2) continue;
    const rows = result.placings.map(({ key, name }) => {
      let row = players.get(key);
      if (!row) {
        row = { key, name, values: start, score: conservativeScore(start), matches: 0, wins: 0, draws: 0, losses: 0, lastChange: null, lastChangedAt: null, provisional: true };
        players.set(key, row);
      }
      return row;
    });
    const ranks = result.placings.map(({ rank }) => rank);
    const after = rateResult(settings, rows.map((row) => row.values), ranks);
    rows.forEach((row, i) => {
      const outcome = outcomeOf(ranks[i], ranks);
      const scoreAfter = conservativeScore(after[i]);
      history.push({
        key: row.key,
        resultId: result.id,
        matchId: result.matchId,
        tournamentId: result.tournamentId,
        completedAt: result.completedAt,
        rank: ranks[i],
        outcome,
        before: row.values,
        after: after[i],
        scoreBefore: row.score,
        scoreAfter,
      });
      row.name = result.placings[i].name;
      row.lastChange = scoreAfter - row.score;
      row.lastChangedAt = result.completedAt;
      row.values = after[i];
      row.score = scoreAfter;
      row.matches += 1;
      row[outcome === 'win' ? 'wins' : outcome === 'draw' ? 'draws' : 'losses'] += 1;
      row.provisional = isProvisional(settings, row.values, row.matches);
    });
  }
  return history;
}

/** Replays the results from scratch: the table and every player's history. */
export function computeRatings(settings: RatingSettings, results: readonly RatedResult[]): RatingsComputation {
  return continueRatings(settings, [], results);
}

/**
 * Replays `results` on top of the rows every player had just before the first of them (a recompute from a
 * corrected result on): the whole table, and the history of these results only.
 */
export function continueRatings(settings: RatingSettings, rows: readonly PlayerRating[], results: readonly RatedResult[]): RatingsComputation {
  const players = new Map(rows.map((row) => [row.key, { ...row }]));
  const history = applyResults(settings, players, inRatingOrder(results));
  const table = [...players.values()].sort(byStanding);
  return { table, history };
}
