import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { StandingsRefreshes, WaitingRefresh } from '../domain/standings-refreshes';

/** The refresh requests as rows of `standings_refreshes`, one per tournament; statements join the caller's transaction. */
@Injectable()
export class PostgresStandingsRefreshes extends StandingsRefreshes {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async request(accountId: string, tournamentId: string): Promise<void> {
    await this.em.execute('insert into standings_refreshes (account_id, tournament_id) values (?, ?) on conflict do nothing', [accountId, tournamentId]);
  }

  async waiting(limit: number): Promise<WaitingRefresh[]> {
    const rows = await this.em.execute<{ account_id: string; tournament_id: string }[]>(
      'select account_id, tournament_id from standings_refreshes order by requested_at limit ?',
      [limit],
    );
    return rows.map((row) => ({ accountId: row.account_id, tournamentId: row.tournament_id }));
  }

  async take(accountId: string, tournamentId: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>('delete from standings_refreshes where account_id = ? and tournament_id = ? returning 1', [accountId, tournamentId]);
    return rows.length > 0;
  }
}
