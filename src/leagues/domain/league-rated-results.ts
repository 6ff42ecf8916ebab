import { RatedResult } from './ratings/rating-engine';

/**
 * What a league's ratings read of play: every rated result of the league's tournaments. A port the leagues
 * module owns (the matches module provides it), as LeagueResults is for the table.
 */
export abstract class LeagueRatedResults {
  /**
   * Every completed match of the league's tournaments (cancelled ones left out) that was played out between
   * known players: no byes, forfeits or void matches. Players are keyed as the league table joins them
   * (competitorOf). With `perGame`, a series gives one result per game.
   */
  abstract ratedResults(accountId: string, leagueId: string, options: { perGame: boolean }): Promise<RatedResult[]>;
}
