import { randomUUID } from 'node:crypto';
import { KeysetPosition } from '../../platform/pagination/cursor';
import { keysetRows, SortKey } from '../../platform/pagination/in-memory-keyset';
import { League } from '../domain/league';
import { LeagueNotEmptyError } from '../domain/league-errors';
import { LeagueStatus } from '../domain/league-status';
import { LeagueListQuery, LeagueRepository, LeagueSortField, PositionedLeague, StaleLeagueError } from '../domain/league.repository';

/**
 * The leagues repository contract in memory, for service tests. It keeps copies,
 * as a database keeps rows, bumps `version` on save like the MikroORM adapter,
 * and stands in for the tournaments table with a set of references per league:
 * `tournamentCount` is counted from them on every read, and they block removal
 * like the foreign key does. The shared contract suite holds both adapters to the same rules.
 */
export class InMemoryLeagueRepository extends LeagueRepository {
  private readonly rows = new Map<string, League>();
  /** league id → ids of the tournaments referencing it. */
  private readonly references = new Map<string, Set<string>>();

  /** A tournament now references the league, as the tournaments module would store one. */
  attachTournament(leagueId: string, tournamentId: string = randomUUID()): string {
    if (!this.rows.has(leagueId)) throw new Error(`No league ${leagueId}: the foreign key would refuse the tournament.`);
    const ids = this.references.get(leagueId) ?? new Set<string>();
    this.references.set(leagueId, ids.add(tournamentId));
    return tournamentId;
  }

  /** The tournament no longer references the league (detached or deleted). */
  detachTournament(leagueId: string, tournamentId: string): void {
    this.references.get(leagueId)?.delete(tournamentId);
  }

  async findOwned(accountId: string, id: string): Promise<League | null> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? this.read(row) : null;
  }

  async findShared(shareId: string): Promise<League | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.shareId === shareId);
    return row ? this.read(row) : null;
  }

  async add(league: League): Promise<void> {
    this.rows.set(league.id, copy(league));
  }

  async save(league: League): Promise<void> {
    const stored = this.rows.get(league.id);
    if (!stored || stored.version !== league.version) throw new StaleLeagueError();
    league.version += 1;
    this.rows.set(league.id, copy(league));
  }

  async remove(league: League): Promise<boolean> {
    const stored = this.rows.get(league.id);
    if (!stored || stored.version !== league.version || stored.accountId !== league.accountId) return false;
    if (this.countFor(league.id) > 0) throw new LeagueNotEmptyError();
    this.references.delete(league.id);
    return this.rows.delete(league.id);
  }

  async countOwned(accountId: string): Promise<number> {
    return [...this.rows.values()].filter((row) => row.accountId === accountId).length;
  }

  async list(query: LeagueListQuery): Promise<PositionedLeague[]> {
    const { filters } = query;
    const rows = [...this.rows.values()]
      .filter((row) => row.accountId === query.accountId)
      .filter((row) => !filters.status || filters.status.includes(row.status))
      .filter((row) => !filters.game || row.game?.toLowerCase() === filters.game.toLowerCase())
      .filter((row) => !filters.season || row.season?.toLowerCase() === filters.season.toLowerCase())
      .filter((row) => !filters.q || row.name.toLowerCase().includes(filters.q.toLowerCase()));
    return keysetRows(rows, query, { sortKey, keyOfPosition }).map(({ row, position }) => ({ league: this.read(row), position }));
  }

  async lockForAttachment(accountId: string, id: string): Promise<LeagueStatus | null> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? row.status : null;
  }

  private read(row: League): League {
    return Object.assign(copy(row), { tournamentCount: this.countFor(row.id) });
  }

  private countFor(leagueId: string): number {
    return this.references.get(leagueId)?.size ?? 0;
  }
}

/** created_at as epoch milliseconds; starts_on as its YYYY-MM-DD text, none being 'infinity' (sorts after every date); name lower-cased. */
function sortKey(row: League, field: LeagueSortField): SortKey {
  if (field === 'created_at') return row.createdAt.getTime();
  if (field === 'starts_on') return row.startsOn ?? 'infinity';
  return row.name.toLowerCase();
}

function keyOfPosition(position: KeysetPosition, field: LeagueSortField): SortKey {
  if (field === 'created_at') return position.value === null ? Number.POSITIVE_INFINITY : new Date(position.value).getTime();
  return position.value ?? 'infinity';
}

function copy(row: League): League {
  return Object.assign(new League(), structuredClone({ ...row }));
}
