import { Injectable } from '@nestjs/common';
import { ConflictError, PreconditionFailedError } from '../shared/domain-error';
import { Cursors } from '../shared/pagination/cursors';
import { positionFrom } from '../shared/pagination/list-request';
import { Page } from '../shared/pagination/page';
import { NewTournament, Tournament, TournamentChanges } from './domain/tournament';
import { TournamentInProgressError, TournamentNotFoundError } from './domain/tournament-errors';
import {
  StaleTournamentError,
  TournamentFilters,
  TournamentListQuery,
  TournamentRepository,
} from './domain/tournament.repository';

/** The version an If-Match names: a number, any existing version, or none given. */
export type ExpectedVersion = number | 'any' | undefined;

export interface ListTournamentsRequest {
  filters: TournamentFilters;
  sort: TournamentListQuery['sort'];
  limit: number;
  cursor?: string;
}

/** Writes lost to a concurrent writer are retried this often (without If-Match) before giving up. */
const WRITE_ATTEMPTS = 5;

/** Use cases of the tournaments API, all scoped to the calling account. */
@Injectable()
export class TournamentsService {
  constructor(
    private readonly tournaments: TournamentRepository,
    private readonly cursors: Cursors,
  ) {}

  async create(accountId: string, fields: NewTournament): Promise<Tournament> {
    const tournament = Tournament.create(accountId, fields);
    await this.tournaments.add(tournament);
    return tournament;
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
    return this.withFreshVersion(accountId, id, expected, async (tournament) => {
      if (tournament.update(changes)) await this.tournaments.save(tournament);
      return tournament;
    });
  }

  async delete(accountId: string, id: string, expected: ExpectedVersion): Promise<void> {
    await this.withFreshVersion(accountId, id, expected, async (tournament) => {
      if (tournament.status === 'in_progress') throw new TournamentInProgressError();
      if (!(await this.tournaments.remove(tournament))) throw new StaleTournamentError();
    });
  }

  async list(accountId: string, request: ListTournamentsRequest): Promise<Page<Tournament>> {
    const cursorScope = { filters: request.filters, sort: request.sort };
    const after = await positionFrom(this.cursors, request.cursor, cursorScope);
    const rows = await this.tournaments.list({ accountId, ...cursorScope, after, limit: request.limit + 1 });
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > request.limit && last ? await this.cursors.encode(last.position, cursorScope) : null;
    return { items: page.map((row) => row.tournament), nextCursor };
  }

  private async withFreshVersion<T>(
    accountId: string,
    id: string,
    expected: ExpectedVersion,
    write: (tournament: Tournament) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const tournament = await this.get(accountId, id);
      if (typeof expected === 'number' && tournament.version !== expected) throw new PreconditionFailedError();
      try {
        return await write(tournament);
      } catch (error) {
        if (!(error instanceof StaleTournamentError)) throw error;
        if (typeof expected === 'number') throw new PreconditionFailedError();
        if (attempt >= WRITE_ATTEMPTS) throw new ConflictError('conflict', 'The tournament is being changed by other requests. Retry.');
      }
    }
  }
}
