import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LeagueTournamentCounts } from '../../leagues';
import { queryRows } from '../../platform/persistence/sql';

/** The leagues module's tournament counts, from this module's table (index tournaments_by_league), in one statement. */
@Injectable()
export class PostgresLeagueTournamentCounts extends LeagueTournamentCounts {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async countsOf(leagueIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const rows = await queryRows<{ league_id: string; count: number }>(
      this.em,
      'select league_id, count(*)::int as count from tournaments where league_id = any(?::uuid[]) group by league_id',
      [leagueIds],
    );
    return new Map(rows.map((row) => [row.league_id, row.count]));
  }
}
