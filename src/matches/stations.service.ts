import { Injectable } from '@nestjs/common';
import { newId } from '../kernel/ids';
import { StationRepository } from './domain/station.repository';
import { AvailableSpan, Station, STATION_LIMITS, StationNotFoundError, TooManyStationsError } from './domain/schedule/station';
import { TournamentsInPlay } from './play-ports';

export interface StationFields {
  name?: string;
  /** undefined: unchanged; null: always available. */
  available?: AvailableSpan[] | null;
}

/** A tournament's stations (issue 41): the tournament must be the caller's (404 otherwise, as for its matches). */
@Injectable()
export class StationsService {
  constructor(
    private readonly stations: StationRepository,
    private readonly tournaments: TournamentsInPlay,
  ) {}

  async list(accountId: string, tournamentId: string): Promise<Station[]> {
    await this.tournaments.get(accountId, tournamentId);
    return this.stations.list(accountId, tournamentId);
  }

  async get(accountId: string, tournamentId: string, id: string): Promise<Station> {
    await this.tournaments.get(accountId, tournamentId);
    const station = await this.stations.find(accountId, tournamentId, id);
    if (!station) throw new StationNotFoundError();
    return station;
  }

  async create(accountId: string, tournamentId: string, fields: StationFields & { name: string }): Promise<Station> {
    await this.tournaments.get(accountId, tournamentId);
    const now = new Date();
    const station: Station = { id: newId(), accountId, tournamentId, name: fields.name, available: fields.available ?? null, createdAt: now, updatedAt: now };
    if (!(await this.stations.create(station, STATION_LIMITS.perTournament))) throw new TooManyStationsError();
    return station;
  }

  async update(accountId: string, tournamentId: string, id: string, fields: StationFields): Promise<Station> {
    const current = await this.get(accountId, tournamentId, id);
    const station: Station = {
      ...current,
      name: fields.name ?? current.name,
      available: fields.available === undefined ? current.available : fields.available,
      updatedAt: new Date(),
    };
    if (!(await this.stations.update(station))) throw new StationNotFoundError();
    return station;
  }

  async delete(accountId: string, tournamentId: string, id: string): Promise<void> {
    await this.tournaments.get(accountId, tournamentId);
    if (!(await this.stations.delete(accountId, tournamentId, id))) throw new StationNotFoundError();
  }
}
