import { KeysetPosition } from '../../shared/pagination/cursor';
import { Tournament } from '../domain/tournament';
import {
  PositionedTournament,
  StaleTournamentError,
  TournamentListQuery,
  TournamentRepository,
  TournamentSortField,
} from '../domain/tournament.repository';

/**
 * The tournaments repository contract in memory, for service tests. It keeps
 * copies, as a database keeps rows, and bumps `version` on save like the
 * MikroORM adapter; the shared contract suite holds both to the same rules.
 */
export class InMemoryTournamentRepository extends TournamentRepository {
  private readonly rows = new Map<string, Tournament>();

  async findOwned(accountId: string, id: string): Promise<Tournament | null> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? copy(row) : null;
  }

  async add(tournament: Tournament): Promise<void> {
    this.rows.set(tournament.id, copy(tournament));
  }

  async save(tournament: Tournament): Promise<void> {
    const stored = this.rows.get(tournament.id);
    if (!stored || stored.version !== tournament.version) throw new StaleTournamentError();
    tournament.version += 1;
    this.rows.set(tournament.id, copy(tournament));
  }

  async remove(tournament: Tournament): Promise<boolean> {
    const stored = this.rows.get(tournament.id);
    if (!stored || stored.version !== tournament.version || stored.accountId !== tournament.accountId) return false;
    return this.rows.delete(tournament.id);
  }

  async list(query: TournamentListQuery): Promise<PositionedTournament[]> {
    const { filters, sort } = query;
    const sign = sort.direction === 'asc' ? 1 : -1;
    const positioned = [...this.rows.values()]
      .filter((row) => row.accountId === query.accountId)
      .filter((row) => !filters.status || filters.status.includes(row.status))
      .filter((row) => !filters.format || row.format === filters.format)
      .filter((row) => !filters.leagueId || row.leagueId === filters.leagueId)
      .filter((row) => !filters.game || row.game?.toLowerCase() === filters.game.toLowerCase())
      .filter((row) => !filters.q || row.name.toLowerCase().includes(filters.q.toLowerCase()))
      .filter((row) => !filters.startsAfter || (row.startsAt !== null && row.startsAt >= filters.startsAfter))
      .filter((row) => !filters.startsBefore || (row.startsAt !== null && row.startsAt < filters.startsBefore))
      .map((row) => ({ tournament: copy(row), position: positionOf(row, sort.field), key: sortKey(row, sort.field) }))
      .sort((a, b) => sign * compareKeys(a.key, a.tournament.id, b.key, b.tournament.id));
    const after = query.after && { key: keyOfPosition(query.after, sort.field), id: query.after.id };
    return positioned
      .filter((row) => !after || sign * compareKeys(row.key, row.tournament.id, after.key, after.id) > 0)
      .slice(0, query.limit)
      .map(({ tournament, position }) => ({ tournament, position }));
  }
}

type Key = number | string;

function sortKey(row: Tournament, field: TournamentSortField): Key {
  if (field === 'created_at') return row.createdAt.getTime();
  if (field === 'starts_at') return row.startsAt ? row.startsAt.getTime() : Number.POSITIVE_INFINITY;
  return row.name.toLowerCase();
}

function positionOf(row: Tournament, field: TournamentSortField): KeysetPosition {
  const key = sortKey(row, field);
  const value = typeof key === 'string' ? key : key === Number.POSITIVE_INFINITY ? 'infinity' : new Date(key).toISOString();
  return { value, id: row.id };
}

function keyOfPosition(position: KeysetPosition, field: TournamentSortField): Key {
  if (field === 'name') return position.value ?? '';
  return position.value === null || position.value === 'infinity' ? Number.POSITIVE_INFINITY : new Date(position.value).getTime();
}

function compareKeys(a: Key, aId: string, b: Key, bId: string): number {
  if (a !== b) return a < b ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

function copy(row: Tournament): Tournament {
  return Object.assign(new Tournament(), structuredClone({ ...row }));
}
