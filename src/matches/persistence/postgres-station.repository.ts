import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { UnitOfWork } from '../../platform/persistence/unit-of-work';
import { StationRepository } from '../domain/station.repository';
import { AvailableSpan, Station } from '../domain/schedule/station';

const COLUMNS = 'id, account_id, tournament_id, name, available, created_at, updated_at';

interface StationRow {
  id: string;
  account_id: string;
  tournament_id: string;
  name: string;
  available: { from: string; to: string }[] | string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** Stations in PostgreSQL through the shared prepared-statement helper, like the webhook store: a few small rows. */
@Injectable()
export class PostgresStationRepository extends StationRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  async list(accountId: string, tournamentId: string): Promise<Station[]> {
    const rows = await queryRows<StationRow>(this.em, `select ${COLUMNS} from stations where account_id = ? and tournament_id = ? order by name, id`, [accountId, tournamentId]);
    return rows.map(toStation);
  }

  async find(accountId: string, tournamentId: string, id: string): Promise<Station | undefined> {
    const [row] = await queryRows<StationRow>(this.em, `select ${COLUMNS} from stations where account_id = ? and tournament_id = ? and id = ?`, [accountId, tournamentId, id]);
    return row ? toStation(row) : undefined;
  }

  create(station: Station, limit: number): Promise<boolean> {
    return this.unitOfWork.run(async () => {
      // Concurrent creates in one tournament count one after the other, so the cap holds.
      await queryRows(this.em, 'select pg_advisory_xact_lock(hashtextextended(?, 41))', [`stations:${station.accountId}:${station.tournamentId}`]);
      const [count] = await queryRows<{ n: number }>(this.em, 'select count(*)::int as n from stations where account_id = ? and tournament_id = ?', [station.accountId, station.tournamentId]);
      if (count.n >= limit) return false;
      await writeRows(
        this.em,
        'insert into stations (account_id, id, tournament_id, name, available, created_at, updated_at) values (?, ?, ?, ?, ?::jsonb, ?, ?)',
        [station.accountId, station.id, station.tournamentId, station.name, spansJson(station.available), station.createdAt, station.updatedAt],
      );
      return true;
    });
  }

  async update(station: Station): Promise<boolean> {
    const written = await writeRows(
      this.em,
      'update stations set name = ?, available = ?::jsonb, updated_at = ? where account_id = ? and tournament_id = ? and id = ?',
      [station.name, spansJson(station.available), station.updatedAt, station.accountId, station.tournamentId, station.id],
    );
    return written > 0;
  }

  async delete(accountId: string, tournamentId: string, id: string): Promise<boolean> {
    return (await writeRows(this.em, 'delete from stations where account_id = ? and tournament_id = ? and id = ?', [accountId, tournamentId, id])) > 0;
  }
}

function spansJson(spans: AvailableSpan[] | null): string | null {
  return spans === null ? null : JSON.stringify(spans.map((span) => ({ from: span.from.toISOString(), to: span.to.toISOString() })));
}

function toStation(row: StationRow): Station {
  const available = typeof row.available === 'string' ? (JSON.parse(row.available) as { from: string; to: string }[]) : row.available;
  return {
    id: row.id,
    accountId: row.account_id,
    tournamentId: row.tournament_id,
    name: row.name,
    available: available === null ? null : available.map((span) => ({ from: new Date(span.from), to: new Date(span.to) })),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
