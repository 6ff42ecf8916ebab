import { PlayerRating, RatingHistoryEntry } from './ratings/rating-engine';
import { RatingSettings } from './ratings/rating-settings';

/** The stored table (or one player's history) and the version of the ratings it was read at. */
export interface StoredRatings<T> {
  rows: T[];
  version: number;
}

/**
 * What a league's ratings need of play: the stored ratings kept up to date with its results. A port the leagues
 * module owns (the matches module provides it: it knows when a result lands, and has the worker threads a
 * recompute runs in), as LeagueResults is for the table.
 */
export abstract class LeagueRatedResults {
  /**
   * The table, best first, over every completed match of the league's tournaments (cancelled ones left out) that was
   * played out between known players: no byes, forfeits or void matches. Players are keyed as the league table joins
   * them (competitorOf). With `per_game`, a series gives one result per game. A result whose tournament still awaits
   * its refresh is taken in first, so a report shows at once.
   */
  abstract table(accountId: string, leagueId: string, settings: RatingSettings): Promise<StoredRatings<PlayerRating>>;
  /** One player's rated results, oldest first (none for a key the table does not hold). */
  abstract history(accountId: string, leagueId: string, settings: RatingSettings, playerKey: string): Promise<StoredRatings<RatingHistoryEntry>>;
  /** The league's `rating` setting changed (or went null): recompute, and publish ratings.changed. */
  abstract settingChanged(accountId: string, leagueId: string): Promise<void>;
}
