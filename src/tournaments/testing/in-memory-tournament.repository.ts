import { NewEvent } from '../../events';
import { InMemoryEventLog } from '../../events';
import { KeysetPosition } from '../../platform/pagination/cursor';
import { keysetRows, SortKey } from '../../platform/pagination/in-memory-keyset';
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
 * Each write's event goes to `events` when the write happens.
 */
export class InMemoryTournamentRepository extends TournamentRepository {
  private readonly rows = new Map<string, Tournament>();

  constructor(readonly events = new InMemoryEventLog()) {
    super();
  }

  async findOwned(accountId: string, id: string): Promise<Tournament | null> {
    const row = this.rows.get(id);
    return row && row.accountId === accountId ? copy(row) : null;
  }

  async findShared(shareId: string): Promise<Tournament | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.shareId === shareId);
    return row ? copy(row) : null;
  }

  async add(tournament: Tournament, event: NewEvent): Promise<void> {
    this.rows.set(tournament.id, copy(tournament));
    await this.events.append(event);
  }

  async save(tournament: Tournament, eventOf: (saved: Tournament) => NewEvent): Promise<void> {
    const stored = this.rows.get(tournament.id);
    if (!stored || stored.version !== tournament.version) throw new StaleTournamentError();
    tournament.version += 1;
    this.rows.set(tournament.id, copy(tournament));
    await this.events.append(eventOf(tournament));
  }

  async remove(tournament: Tournament, event: NewEvent): Promise<boolean> {
    const stored = this.rows.get(tournament.id);
    if (!stored || stored.version !== tournament.version || stored.accountId !== tournament.accountId) return false;
    this.rows.delete(tournament.id);
    await this.events.append(event);
    return true;
  }

  async countOwned(accountId: string): Promise<number> {
    return [...this.rows.values()].filter((row) => row.accountId === accountId).length;
  }

  lockOwned(accountId: string, id: string): Promise<Tournament | null> {
    return this.findOwned(accountId, id);
  }

  async list(query: TournamentListQuery): Promise<PositionedTournament[]> {
    const { filters } = query;
    const rows = [...this.rows.values()]
      .filter((row) => row.accountId === query.accountId)
      .filter((row) => !filters.status || filters.status.includes(row.status))
      .filter((row) => !filters.format || row.format === filters.format)
      .filter((row) => !filters.leagueId || row.leagueId === filters.leagueId)
      .filter((row) => !filters.game || row.game?.toLowerCase() === filters.game.toLowerCase())
      .filter((row) => !filters.q || row.name.toLowerCase().includes(filters.q.toLowerCase()))
      .filter((row) => !filters.startsAfter || (row.startsAt !== null && row.startsAt >= filters.startsAfter))
      .filter((row) => !filters.startsBefore || (row.startsAt !== null && row.startsAt < filters.startsBefore));
    return keysetRows(rows, query, { sortKey, keyOfPosition }).map(({ row, position }) => ({ tournament: copy(row), position }));
  }
}

function sortKey(row: Tournament, field: TournamentSortField): SortKey {
  if (field === 'created_at') return row.createdAt.getTime();
  if (field === 'starts_at') return row.startsAt ? row.startsAt.getTime() : Number.POSITIVE_INFINITY;
  return row.name.toLowerCase();
}

function keyOfPosition(position: KeysetPosition, field: TournamentSortField): SortKey {
  if (field === 'name') return position.value ?? '';
  return position.value === null || position.value === 'infinity' ? Number.POSITIVE_INFINITY : new Date(position.value).getTime();
}

function copy(row: Tournament): Tournament {
  return Object.assign(new Tournament(), structuredClone({ ...row }));
}
