import { Injectable } from '@nestjs/common';
import { ExpectedVersion, withFreshVersion } from '../shared/concurrency/fresh-version';
import { LeaguesService } from '../leagues/leagues.service';
import { Cursors } from '../shared/pagination/cursors';
import { UnitOfWork } from '../shared/persistence/unit-of-work';
import { keysetPage } from '../shared/pagination/list-request';
import { Page } from '../shared/pagination/page';
import { NewTournament, Tournament, TournamentChanges } from './domain/tournament';
import { TournamentInProgressError, TournamentNotFoundError } from './domain/tournament-errors';
import {
  StaleTournamentError,
  TournamentFilters,
  TournamentListQuery,
  TournamentRepository,
} from './domain/tournament.repository';

export type { ExpectedVersion };

export interface ListTournamentsRequest {
  filters: TournamentFilters;
  sort: TournamentListQuery['sort'];
  limit: number;
  cursor?: string;
}

/** Use cases of the tournaments API, all scoped to the calling account. */
@Injectable()
export class TournamentsService {
  constructor(
    private readonly tournaments: TournamentRepository,
    private readonly cursors: Cursors,
    private readonly leagues: LeaguesService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(accountId: string, fields: NewTournament): Promise<Tournament> {
    const tournament = Tournament.create(accountId, fields);
    const { leagueId } = tournament;
    if (!leagueId) {
      await this.tournaments.add(tournament);
      return tournament;
    }
    // The league stays locked (FOR SHARE) until the tournament is stored: a concurrent delete waits, then sees it.
    return this.unitOfWork.run(async () => {
      await this.leagues.lockAttachableLeague(accountId, leagueId);
      await this.tournaments.add(tournament);
      return tournament;
    });
  }

  async get(accountId: string, id: string): Promise<Tournament> {
    const tournament = await this.tournaments.findOwned(accountId, id);
    if (!tournament) throw new TournamentNotFoundError();
    return tournament;
  }

  /**
   * Applies a merge patch. With If-Match, a concurrent change makes it 412;
   * without, it is re-applied to the newest version, so no update is lost.
   */
  async update(accountId: string, id: string, changes: TournamentChanges, expected: ExpectedVersion): Promise<Tournament> {
    const write = () =>
      this.withFreshVersion(accountId, id, expected, async (tournament) => {
        const previousLeague = tournament.leagueId;
        if (!tournament.update(changes)) return tournament;
        if (tournament.leagueId && tournament.leagueId !== previousLeague) {
          await this.leagues.lockAttachableLeague(accountId, tournament.leagueId);
        }
        await this.tournaments.save(tournament);
        return tournament;
      });
    // Attaching to a league needs the league's lock and the save in one transaction.
    return typeof changes.leagueId === 'string' ? this.unitOfWork.run(write) : write();
  }

  async delete(accountId: string, id: string, expected: ExpectedVersion): Promise<void> {
    await this.withFreshVersion(accountId, id, expected, async (tournament) => {
      if (tournament.status === 'in_progress') throw new TournamentInProgressError();
      if (!(await this.tournaments.remove(tournament))) throw new StaleTournamentError();
    });
  }

  async list(accountId: string, request: ListTournamentsRequest): Promise<Page<Tournament>> {
    const cursorScope = { filters: request.filters, sort: request.sort };
    const page = await keysetPage(this.cursors, request, cursorScope, (after, limit) =>
      this.tournaments.list({ accountId, ...cursorScope, after, limit }),
    );
    return { items: page.rows.map((row) => row.tournament), nextCursor: page.nextCursor };
  }

  private withFreshVersion<T>(
    accountId: string,
    id: string,
    expected: ExpectedVersion,
    write: (tournament: Tournament) => Promise<T>,
  ): Promise<T> {
    return withFreshVersion(() => this.get(accountId, id), expected, write, 'tournament');
  }
}
