import { NewEvent } from '../../events';
import { StaleVersionError } from '../../platform/concurrency/fresh-version';
import type { OwnedRows } from '../../platform/resources/owned-rows';
import { KeysetListQuery, Positioned } from '../../platform/pagination/page';
import { TournamentFormat, Tournament } from './tournament';
import { TournamentStatus } from './tournament-status';

export const TOURNAMENT_SORT_FIELDS = ['created_at', 'starts_at', 'name'] as const;
export type TournamentSortField = (typeof TOURNAMENT_SORT_FIELDS)[number];

export interface TournamentFilters {
  status?: TournamentStatus[];
  format?: TournamentFormat;
  leagueId?: string;
  game?: string;
  /** Case-insensitive substring of the name. */
  q?: string;
  startsAfter?: Date;
  startsBefore?: Date;
}

export type TournamentListQuery = KeysetListQuery<TournamentFilters, TournamentSortField>;
/** A listed tournament with its place in the sort order (what a cursor records). */
export type PositionedTournament = Positioned<'tournament', Tournament>;

/**
 * Persistence port for tournaments. Every lookup is scoped to an account: others' rows do not exist. Every write
 * records its event with it, atomically (docs/events.md): the event exists if and only if the change commits.
 * Outside a UnitOfWork a write commits on its own; inside one, with the transaction.
 */
export abstract class TournamentRepository implements OwnedRows<Tournament> {
  abstract findOwned(accountId: string, id: string): Promise<Tournament | null>;
  abstract add(tournament: Tournament, event: NewEvent): Promise<void>;
  /**
   * Saves changes if nobody else changed the row since it was read; throws StaleTournamentError otherwise. The
   * event is made of the tournament as saved (its version one higher).
   */
  abstract save(tournament: Tournament, eventOf: (saved: Tournament) => NewEvent): Promise<void>;
  /** Deletes the row if it is still at the version read; false (and no event) when it changed or vanished meanwhile. */
  abstract remove(tournament: Tournament, event: NewEvent): Promise<boolean>;
  abstract list(query: TournamentListQuery): Promise<PositionedTournament[]>;
  /** How many the account owns (for the admin command line). */
  abstract countOwned(accountId: string): Promise<number>;
  /** The unlisted tournament with this share id, whoever owns it (public viewing); null for any other id. */
  abstract findShared(shareId: string): Promise<Tournament | null>;
  /**
   * Inside the caller's transaction: locks the account's tournament row until commit, so that registrations
   * (participants added, changed, removed), reports and status changes of one tournament happen one at a time.
   * Returns the tournament as locked (one statement); null when the account has no such tournament.
   */
  abstract lockOwned(accountId: string, id: string): Promise<Tournament | null>;

  /**
   * Outside a transaction: this instance's copy of the tournament as its own last write left it, to change without
   * reading it first; undefined when there is none (an adapter may keep none). Saving or removing the copy succeeds
   * only if the row is still exactly the copy (StaleTournamentError, or false, otherwise); `wasWritten` tells whether
   * it did, which is the only proof that the copy was current.
   */
  recentCopy(_accountId: string, _id: string): Tournament | undefined {
    return undefined;
  }

  wasWritten(_copy: Tournament): boolean {
    return false;
  }
}

/** Another writer got there first: the version read is no longer current. */
export class StaleTournamentError extends StaleVersionError {
  constructor() {
    super('The tournament changed since it was read.');
  }
}
