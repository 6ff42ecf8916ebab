import type { Station } from './schedule/station';

/** Stations of a tournament; every method is scoped to the account, so another account's stations are not found. */
export abstract class StationRepository {
  /** In name order. */
  abstract list(accountId: string, tournamentId: string): Promise<Station[]>;
  abstract find(accountId: string, tournamentId: string, id: string): Promise<Station | undefined>;
  /** Adds the station unless the tournament already has `limit`: false then, and nothing is written. */
  abstract create(station: Station, limit: number): Promise<boolean>;
  /** Writes name and availability; false when the station is gone. */
  abstract update(station: Station): Promise<boolean>;
  abstract delete(accountId: string, tournamentId: string, id: string): Promise<boolean>;
}
