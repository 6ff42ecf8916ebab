import { Injectable } from '@nestjs/common';
import { LeagueRatedResults } from '../leagues/domain/league-rated-results';
import { competitorOf } from '../leagues/domain/league-standings';
import { RatedResult, RatingsComputation } from '../leagues/domain/ratings/rating-engine';
import { RatingSettings } from '../leagues/domain/ratings/rating-settings';
import { MatchWork } from './match-work';
import { NewEvent } from '../events/domain/event-log';
import { LeagueNotFoundError } from '../leagues/domain/league-errors';
import { presentRatingRow } from '../leagues/dto/league-ratings.presenter';
import { LeaguesService } from '../leagues/leagues.service';
import { ParticipantsService } from '../participants/participants.service';
import { Tournament } from '../tournaments/domain/tournament';
import { leagueTournaments } from './league-tournaments';
import { TournamentsService } from '../tournaments/tournaments.service';
import { isReported } from './domain/match';
import { MatchRepository } from './domain/match.repository';


/**
 * The leagues module's LeagueRatedResults port, provided by play: every played-out match of the league's
 * tournaments, its players keyed as the league table joins them, ranked within the match (a win 1 and a loss 2,
 * a draw 1 each, a free-for-all by its ranks).
 */
@Injectable()
export class PlayLeagueRatedResults extends LeagueRatedResults {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly participants: ParticipantsService,
    private readonly matches: MatchRepository,
    private readonly work: MatchWork,
    private readonly leagues: LeaguesService,
  ) {
    super();
  }

  /**
   * The ratings.changed event of the league after a result of one of its tournaments, or null when the league
   * rates no players (or is gone).
   */
  async changedEvent(accountId: string, leagueId: string, tournamentId: string): Promise<NewEvent | null> {
    const league = await this.leagues.get(accountId, leagueId).catch((error: unknown) => {
      if (error instanceof LeagueNotFoundError) return null;
      throw error;
    });
    if (!league?.rating) return null;
    const settings = league.rating;
    const { table } = await this.ratings(accountId, leagueId, settings);
    const ratings = table.map((row, index) => presentRatingRow(settings, { rank: index + 1, row }));
    return { accountId, type: 'ratings.changed', leagueId, tournamentId, data: { league_id: leagueId, tournament_id: tournamentId, ratings } };
  }

  /** The replay runs in play's worker threads: it grows with the league's results, and the event loop serves every account. */
  async ratings(accountId: string, leagueId: string, settings: RatingSettings): Promise<RatingsComputation> {
    return this.work.run('ratingsOf', settings, await this.ratedResults(accountId, leagueId, settings.per_game));
  }

  /**
   * Every rated result: a played match, or with `perGame` each game of a series (a game's winner first, a drawn game a
   * draw). Walkovers (a forfeit, reported or by withdrawal, and a double forfeit) and void matches rate nobody; a
   * retirement rates as the result it was reported as.
   */
  async ratedResults(accountId: string, leagueId: string, perGame = false): Promise<RatedResult[]> {
    const tournaments = await this.playedIn(accountId, leagueId);
    const players = new Map<string, { key: string; name: string }>();
    for (const placement of await this.participants.placementsIn(accountId, tournaments.map((tournament) => tournament.id))) {
      players.set(placement.participantId, { key: competitorOf(placement).key, name: placement.name });
    }
    const results: RatedResult[] = [];
    for (const tournament of tournaments) {
      for (const match of await this.matches.allOf(accountId, tournament.id)) {
        if (!isReported(match) || match.completedAt === null || match.opponents.length < 2) continue;
        if (match.reportedOutcome === 'forfeit' || match.reportedOutcome === 'double_forfeit') continue;
        const rated = match.opponents.map((opponent) => (opponent.participantId === null ? undefined : players.get(opponent.participantId)));
        if (rated.some((player) => player === undefined)) continue;
        const base = { matchId: match.id, tournamentId: tournament.id, completedAt: match.completedAt };
        if (perGame && match.games.length > 0 && match.opponents.length === 2) {
          match.games.forEach((game, index) => {
            const placings = match.opponents.map((opponent, side) => ({
              ...rated[side]!,
              rank: game.winnerId === null || game.winnerId === opponent.participantId ? 1 : 2,
            }));
            results.push({ ...base, id: `${match.id}#${index + 1}`, placings });
          });
          continue;
        }
        const placings = match.opponents.map((opponent, side) => {
          const rank = match.opponents.length === 2 ? (opponent.result === 'loss' ? 2 : 1) : opponent.rank;
          return rank === null ? null : { ...rated[side]!, rank };
        });
        if (placings.some((placing) => placing === null)) continue;
        results.push({ ...base, id: match.id, placings: placings as RatedResult['placings'] });
      }
    }
    return results;
  }

  /** The league's tournaments that may hold results: in progress or completed (never cancelled ones). */
  private async playedIn(accountId: string, leagueId: string): Promise<Tournament[]> {
    const found = await leagueTournaments(this.tournaments, accountId, leagueId, ['in_progress', 'completed']);
    return found;
  }
}
