import { RatingsComputation } from './ratings/rating-engine';
import { RatingSettings } from './ratings/rating-settings';

/**
 * What a league's ratings need of play: its rated results, replayed by the rating engine off the event loop. A
 * port the leagues module owns (the matches module provides it, with its worker threads), as LeagueResults is for
 * the table.
 */
export abstract class LeagueRatedResults {
  /**
   * The ratings over every completed match of the league's tournaments (cancelled ones left out) that was played
   * out between known players: no byes, forfeits or void matches. Players are keyed as the league table joins
   * them (competitorOf). With `per_game`, a series gives one result per game.
   */
  abstract ratings(accountId: string, leagueId: string, settings: RatingSettings): Promise<RatingsComputation>;
}
