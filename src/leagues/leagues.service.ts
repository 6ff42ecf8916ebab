import { Injectable } from '@nestjs/common';
import { EventLog } from '../events';
import { ExpectedVersion } from '../platform/concurrency/fresh-version';
import { isUuid } from '../kernel/ids';
import { Cursors } from '../platform/pagination/cursors';
import { ownedPage } from '../platform/pagination/list-request';
import { ListRequest, Page } from '../platform/pagination/page';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { OwnedResources } from '../platform/resources/owned-resources';
import { RetiredShareLinks } from '../platform/sharing/retired-share-links';
import { presentLeague } from './dto/league.presenter';
import { League, LeagueChanges, NewLeague } from './domain/league';
import { LeagueClosedError, LeagueNotEmptyError, LeagueNotFoundError, UnknownLeagueError } from './domain/league-errors';
import { acceptsTournaments } from './domain/league-status';
import { LeagueFilters, LeagueRepository, LeagueSortField, StaleLeagueError } from './domain/league.repository';

/** Use cases of the leagues API, all scoped to the calling account, and the one other modules call. */
/** Told of a league whose `rating` setting changed; it handles its own failures (the change is committed). */
export type RatingChangeListener = (accountId: string, leagueId: string) => Promise<void>;

@Injectable()
export class LeaguesService {
  /** Get, share link, fresh version: what this resource does as every resource does. */
  private readonly lifecycle: OwnedResources<League>;

  constructor(
    private readonly leagues: LeagueRepository,
    private readonly cursors: Cursors,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventLog,
    retiredLinks: RetiredShareLinks = new RetiredShareLinks(),
  ) {
    this.lifecycle = new OwnedResources(leagues, () => new LeagueNotFoundError(), 'league', retiredLinks);
  }

  private readonly ratingListeners: RatingChangeListener[] = [];

  /** Called after the commit of a change to a league's `rating` setting: play, which keeps the ratings, recomputes them. */
  onRatingChange(listener: RatingChangeListener): void {
    this.ratingListeners.push(listener);
  }

  async create(accountId: string, fields: NewLeague): Promise<League> {
    const league = League.create(accountId, fields);
    return this.unitOfWork.run(async () => {
      await this.leagues.add(league);
      await this.events.append({ accountId, type: 'league.created', leagueId: league.id, data: presentLeague(league) });
      return league;
    });
  }

  countOwnedBy(accountId: string): Promise<number> {
    return this.leagues.countOwned(accountId);
  }

  get(accountId: string, id: string): Promise<League> {
    return this.lifecycle.get(accountId, id);
  }

  /**
   * Applies a merge patch. With If-Match, a concurrent change makes it 412;
   * without, it is re-applied to the newest version, so no update is lost.
   */
  async update(accountId: string, id: string, changes: LeagueChanges, expected: ExpectedVersion<League>): Promise<League> {
    const shareLink = this.lifecycle.shareLinkWatch();
    let ratingChanged = false;
    const updated = await this.unitOfWork.run(() =>
      this.lifecycle.freshVersion(accountId, id, expected, async (league) => {
        shareLink.read(league);
        const previousRating = JSON.stringify(league.rating);
        if (!league.update(changes)) return league;
        ratingChanged = JSON.stringify(league.rating) !== previousRating;
        await this.leagues.save(league);
        await this.events.append({ accountId, type: 'league.updated', leagueId: league.id, data: presentLeague(league) });
        return league;
      }),
    );
    await shareLink.settle(updated);
    if (ratingChanged) for (const listener of this.ratingListeners) await listener(accountId, id);
    return updated;
  }

  /** A new share link for an unlisted league (409 `not_shared` for a private one); the old one stops working. */
  async rotateShareId(accountId: string, id: string, expected: ExpectedVersion<League>): Promise<League> {
    const shareLink = this.lifecycle.shareLinkWatch();
    const rotated = await this.unitOfWork.run(() =>
      this.lifecycle.freshVersion(accountId, id, expected, async (league) => {
        shareLink.read(league);
        league.rotateShareId();
        await this.leagues.save(league);
        await this.events.append({ accountId, type: 'league.updated', leagueId: league.id, data: presentLeague(league) });
        return league;
      }),
    );
    await shareLink.settle(rotated);
    return rotated;
  }

  /** For public viewing: the unlisted league behind a share link, or 404 as if it never existed. */
  findShared(shareId: string): Promise<League> {
    return this.lifecycle.findShared(shareId);
  }

  /**
   * Deletes an empty league. One with tournaments is 409 league_not_empty: by the count read here,
   * or, when a tournament was attached since, by the foreign key the repository reports the same way.
   */
  async delete(accountId: string, id: string, expected: ExpectedVersion<League>): Promise<void> {
    const shareLink = this.lifecycle.shareLinkWatch();
    await this.unitOfWork.run(() =>
      this.lifecycle.freshVersion(accountId, id, expected, async (league) => {
        if (league.hasTournaments()) throw new LeagueNotEmptyError(league.tournamentCount);
        shareLink.read(league);
        if (!(await this.leagues.remove(league))) throw new StaleLeagueError();
        await this.events.append({ accountId, type: 'league.deleted', leagueId: id, data: { id } });
      }),
    );
    await shareLink.settle(null);
  }

  list(accountId: string, request: ListRequest<LeagueFilters, LeagueSortField>): Promise<Page<League>> {
    return ownedPage(this.cursors, accountId, request, (query) => this.leagues.list(query), (row) => row.league);
  }

  /**
   * For the tournaments module, before it stores a tournament with this `league_id`.
   * Call it inside the caller's UnitOfWork: the league stays share-locked until that transaction
   * ends, so it cannot be deleted or closed between this check and the tournament's write.
   * Throws 422 on `/league_id` when the account has no such league, 409 league_closed when it is
   * completed or archived.
   */
  async lockAttachableLeague(accountId: string, leagueId: string): Promise<void> {
    const status = isUuid(leagueId) ? await this.leagues.lockForAttachment(accountId, leagueId.toLowerCase()) : null;
    if (status === null) throw new UnknownLeagueError();
    if (!acceptsTournaments(status)) throw new LeagueClosedError(status);
  }
}
