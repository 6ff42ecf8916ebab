import { StationRepository } from '../domain/station.repository';
import type { Station } from '../domain/schedule/station';

/** Stations in a map, for service specs: scoped to an account and a tournament like the PostgreSQL one. */
export class InMemoryStationRepository extends StationRepository {
  private readonly rows = new Map<string, Station>();

  async list(accountId: string, tournamentId: string): Promise<Station[]> {
    return [...this.rows.values()].filter((station) => station.accountId === accountId && station.tournamentId === tournamentId).sort((a, b) => a.name.localeCompare(b.name));
  }

  async find(accountId: string, tournamentId: string, id: string): Promise<Station | undefined> {
    const station = this.rows.get(id);
    return station && station.accountId === accountId && station.tournamentId === tournamentId ? station : undefined;
  }

  async create(station: Station, limit: number): Promise<boolean> {
    if ((await this.list(station.accountId, station.tournamentId)).length >= limit) return false;
    this.rows.set(station.id, station);
    return true;
  }

  async update(station: Station): Promise<boolean> {
    if (!(await this.find(station.accountId, station.tournamentId, station.id))) return false;
    this.rows.set(station.id, station);
    return true;
  }

  async delete(accountId: string, tournamentId: string, id: string): Promise<boolean> {
    return (await this.find(accountId, tournamentId, id)) !== undefined && this.rows.delete(id);
  }
}
