import { Injectable, Logger } from '@nestjs/common';
import { NewEvent, EventLog } from '../events';
import { LeagueNotFoundError } from '../leagues';
import { LeagueRatedResults, StoredRatings } from '../leagues';
import { PlayerRating, RatingHistoryEntry } from '../leagues';
import { RatingSettings } from '../leagues';
import { RatingStore } from '../leagues';
import { presentRatingRow } from '../leagues';
import { League } from '../leagues';
import { LeaguesService } from '../leagues';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { LeagueRatingsKeeper } from './league-ratings-keeper';

/**
 * The leagues module's LeagueRatedResults port, provided by play: the stored ratings, brought up to date
 * (LeagueRatingsKeeper) with any result still waiting for its tournament's refresh before they are read.
 */
@Injectable()
export class PlayLeagueRatedResults extends LeagueRatedResults {
  private readonly logger = new Logger('LeagueRatings');

  constructor(
    private readonly keeper: LeagueRatingsKeeper,
    private readonly store: RatingStore,
    private readonly leagues: LeaguesService,
    private readonly events: EventLog,
    private readonly unitOfWork: UnitOfWork,
  ) {
    super();
    leagues.onRatingChange((accountId, leagueId) =>
      this.settingChanged(accountId, leagueId).catch((error: unknown) => {
        // The setting is committed; the next read or result recomputes the table all the same.
        this.logger.warn(`could not recompute the ratings of ${leagueId}: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
  }

  table(accountId: string, leagueId: string, settings: RatingSettings): Promise<StoredRatings<PlayerRating>> {
    return this.unitOfWork.run(async () => {
      await this.keeper.sync(accountId, leagueId, settings);
      const state = await this.store.state(accountId, leagueId);
      return { rows: await this.store.players(accountId, leagueId), version: state!.version };
    });
  }

  history(accountId: string, leagueId: string, settings: RatingSettings, playerKey: string): Promise<StoredRatings<RatingHistoryEntry>> {
    return this.unitOfWork.run(async () => {
      await this.keeper.sync(accountId, leagueId, settings);
      const state = await this.store.state(accountId, leagueId);
      return { rows: await this.store.history(accountId, leagueId, playerKey), version: state!.version };
    });
  }

  /** A new setting rates every result again at once; `null` forgets the ratings. Either way readers hear of it. */
  async settingChanged(accountId: string, leagueId: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const league = await this.ratedLeague(accountId, leagueId);
      if (!league) return;
      if (league.rating === null) {
        await this.store.lock(accountId, leagueId);
        await this.store.clear(accountId, leagueId);
        await this.events.append({ accountId, type: 'ratings.changed', leagueId, data: { league_id: leagueId, tournament_id: null, ratings: [] } });
        return;
      }
      await this.keeper.sync(accountId, leagueId, league.rating);
      await this.events.append(await this.eventOf(accountId, league, league.rating, null));
    });
  }

  /**
   * In the refresher's transaction, after a result of one of the league's tournaments: takes it into the stored
   * ratings and returns the ratings.changed event, or null when the league rates no players (or is gone).
   */
  async changedEvent(accountId: string, leagueId: string, tournamentId: string): Promise<NewEvent | null> {
    const league = await this.ratedLeague(accountId, leagueId);
    if (!league?.rating) return null;
    await this.keeper.sync(accountId, leagueId, league.rating, [tournamentId]);
    return this.eventOf(accountId, league, league.rating, tournamentId);
  }

  private async eventOf(accountId: string, league: League, settings: RatingSettings, tournamentId: string | null): Promise<NewEvent> {
    const table = await this.store.players(accountId, league.id);
    const ratings = table.map((row, index) => presentRatingRow(settings, { rank: index + 1, row }));
    return { accountId, type: 'ratings.changed', leagueId: league.id, tournamentId, data: { league_id: league.id, tournament_id: tournamentId, ratings } };
  }

  private ratedLeague(accountId: string, leagueId: string): Promise<League | null> {
    return this.leagues.get(accountId, leagueId).catch((error: unknown) => {
      if (error instanceof LeagueNotFoundError) return null;
      throw error;
    });
  }
}
