import { PlayerRating, RatingHistoryEntry, RatingPosition } from './rating-engine';

/** What a league's stored table was computed from: its setting (as JSON), its tournaments and the last result rated. */
export interface RatingState {
  settings: string;
  tournamentIds: string[];
  through: RatingPosition | null;
  /** Raised by every change of the table or the history: the lists' ETags are made of it. */
  version: number;
}

/** A rated result as the history holds it: enough to tell whether play still reports it the same. */
export interface StoredResult {
  id: string;
  tournamentId: string;
  completedAt: Date;
  placings: { key: string; rank: number }[];
}

/**
 * A league's ratings as stored (docs/ratings.md, "How the stored table is kept"): the table, each player's history
 * and the state they were computed from. Writes join the caller's transaction, which holds `lock`.
 */
export abstract class RatingStore {
  /** Serialises the updates of one league's ratings until the transaction ends. */
  abstract lock(accountId: string, leagueId: string): Promise<void>;
  abstract state(accountId: string, leagueId: string): Promise<RatingState | null>;
  /** The rated results of these tournaments in the stored history. */
  abstract resultsOf(accountId: string, leagueId: string, tournamentIds: readonly string[]): Promise<StoredResult[]>;
  /** The stored rows of these players (every player's when `keys` is absent), best first. */
  abstract players(accountId: string, leagueId: string, keys?: readonly string[]): Promise<PlayerRating[]>;
  /**
   * Every player's row as it was just before `position` (from the history before it; the name the stored row
   * holds), for a recompute from there on. Provisional is left to the caller, who knows the settings.
   */
  abstract playersBefore(accountId: string, leagueId: string, position: RatingPosition): Promise<PlayerRating[]>;
  /** One player's rated results, oldest first. */
  abstract history(accountId: string, leagueId: string, playerKey: string): Promise<RatingHistoryEntry[]>;
  /**
   * Saves the state, upserts `rows` and appends `entries`; with `from`, first deletes the history from that
   * position on and every row not in `rows` (a recompute from a corrected result), or all of it when `from` is 'start'.
   */
  abstract save(
    accountId: string,
    leagueId: string,
    change: { state: RatingState; rows: readonly PlayerRating[]; entries: readonly RatingHistoryEntry[]; from?: RatingPosition | 'start' },
  ): Promise<void>;
  /** Forgets the league's ratings (its `rating` became null); the version still moves on. */
  abstract clear(accountId: string, leagueId: string): Promise<void>;
}
