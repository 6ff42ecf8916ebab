import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { StandingsRefreshes, WaitingRefresh } from '../domain/standings-refreshes';

interface RefreshRow {
  account_id: string;
  tournament_id: string;
  version: number;
}

const waitingRefresh = (row: RefreshRow): WaitingRefresh => ({ accountId: row.account_id, tournamentId: row.tournament_id, version: row.version });

/** The advisory-lock namespace of refreshes (two-key form, beside the heavy-work slots' 26 001). */
const REFRESH_LOCK_SPACE = 32_001;

/**
 * The refresh requests as rows of `standings_refreshes`, one per tournament, through the persistence helper;
 * statements join the caller's transaction.
 */
@Injectable()
export class PostgresStandingsRefreshes extends StandingsRefreshes {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async request(accountId: string, tournamentId: string): Promise<void> {
    await writeRows(
      this.em,
      `insert into standings_refreshes (account_id, tournament_id) values (?, ?)
       on conflict (account_id, tournament_id) do update set version = standings_refreshes.version + 1`,
      [accountId, tournamentId],
    );
  }

  async pendingAmong(accountId: string, tournamentIds: readonly string[]): Promise<string[]> {
    if (tournamentIds.length === 0) return [];
    const rows = await queryRows<{ tournament_id: string }>(
      this.em,
      'select tournament_id from standings_refreshes where account_id = ? and tournament_id = any(?::uuid[])',
      [accountId, tournamentIds],
    );
    return rows.map((row) => row.tournament_id);
  }

  async waiting(limit: number): Promise<WaitingRefresh[]> {
    const rows = await queryRows<RefreshRow>(
      this.em,
      'select account_id, tournament_id, version from standings_refreshes order by requested_at limit ?',
      [limit],
    );
    return rows.map(waitingRefresh);
  }

  async waitingOf(accountIds: readonly string[]): Promise<WaitingRefresh[]> {
    if (accountIds.length === 0) return [];
    const rows = await queryRows<RefreshRow>(
      this.em,
      'select account_id, tournament_id, version from standings_refreshes where account_id = any(?::uuid[]) order by requested_at',
      [accountIds],
    );
    return rows.map(waitingRefresh);
  }

  async claim({ tournamentId }: WaitingRefresh): Promise<boolean> {
    const [row] = await queryRows<{ claimed: boolean }>(this.em, 'select pg_try_advisory_xact_lock(?, hashtext(?)) as claimed', [REFRESH_LOCK_SPACE, tournamentId]);
    return row.claimed;
  }

  async done({ accountId, tournamentId, version }: WaitingRefresh): Promise<boolean> {
    const deleted = await writeRows(this.em, 'delete from standings_refreshes where account_id = ? and tournament_id = ? and version = ?', [
      accountId,
      tournamentId,
      version,
    ]);
    return deleted > 0;
  }
}
