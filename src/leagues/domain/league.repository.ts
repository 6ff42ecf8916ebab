import { StaleVersionError } from '../../platform/concurrency/fresh-version';
import type { OwnedRows } from '../../platform/resources/owned-rows';
import { KeysetListQuery, Positioned } from '../../platform/pagination/page';
import { League } from './league';
import { LeagueStatus } from './league-status';

export const LEAGUE_SORT_FIELDS = ['created_at', 'starts_on', 'name'] as const;
export type LeagueSortField = (typeof LEAGUE_SORT_FIELDS)[number];

export interface LeagueFilters {
  status?: LeagueStatus[];
  /** Equal to the game, ignoring case. */
  game?: string;
  /** Equal to the season label, ignoring case. */
  season?: string;
  /** Case-insensitive substring of the name. */
  q?: string;
}

export type LeagueListQuery = KeysetListQuery<LeagueFilters, LeagueSortField>;
/** A listed league with its place in the sort order (what a cursor records). */
export type PositionedLeague = Positioned<'league', League>;

/**
 * Persistence port for leagues. Every lookup is scoped to an account: others' rows do not exist.
 * Leagues it returns carry `tournamentCount`: the tournaments referencing them when read.
 */
export abstract class LeagueRepository implements OwnedRows<League> {
  abstract findOwned(accountId: string, id: string): Promise<League | null>;
  /** The unlisted league with this share id, whoever owns it (public viewing); null for any other id. */
  abstract findShared(shareId: string): Promise<League | null>;
  abstract add(league: League): Promise<void>;
  /** Saves changes if nobody else changed the row since it was read; throws StaleLeagueError otherwise. */
  abstract save(league: League): Promise<void>;
  /**
   * Deletes the row if it is still at the version read; false when it changed or vanished meanwhile.
   * Throws LeagueNotEmptyError when tournaments reference it, however recently they were attached.
   */
  abstract remove(league: League): Promise<boolean>;
  abstract list(query: LeagueListQuery): Promise<PositionedLeague[]>;
  /** How many the account owns (for the admin command line). */
  abstract countOwned(accountId: string): Promise<number>;
  /**
   * Inside the caller's transaction: share-locks the account's league, so that until commit it can be
   * neither deleted nor moved to another status, and returns its status; null when the account has no such league.
   */
  abstract lockForAttachment(accountId: string, id: string): Promise<LeagueStatus | null>;
}

/** Another writer got there first: the version read is no longer current. */
export class StaleLeagueError extends StaleVersionError {
  constructor() {
    super('The league changed since it was read.');
  }
}
