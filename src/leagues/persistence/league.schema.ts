import { EntitySchema } from '@mikro-orm/core';
import { competitionColumns } from '../../platform/persistence/competition-columns';
import { League } from '../domain/league';

/**
 * Tournaments referencing a league, counted in SQL (index `tournaments_by_league`).
 * The leagues module reads the tournaments table by its league_id column only; it imports nothing of that module.
 */
export function tournamentCountSql(leagueAlias: string): string {
  return `(select count(*)::int from tournaments t where t.league_id = ${leagueAlias}.id)`;
}

/** Maps the decorator-free domain class to the `leagues` table. */
export const LeagueSchema = new EntitySchema<League>({
  class: League,
  tableName: 'leagues',
  properties: {
    ...competitionColumns(),
    season: { type: 'text', nullable: true },
    status: { type: 'text' },
    timezone: { type: 'text' },
    // PostgreSQL `date` columns, read and written as 'YYYY-MM-DD' strings (no time zone can shift them).
    startsOn: { type: 'date', nullable: true, fieldName: 'starts_on' },
    endsOn: { type: 'date', nullable: true, fieldName: 'ends_on' },
    metadata: { type: 'json' },
    scoring: { type: 'text' },
    placementPoints: { type: 'json', nullable: true, fieldName: 'placement_points' },
    countedResults: { type: 'integer', nullable: true, fieldName: 'counted_results' },
    visibility: { type: 'text' },
    rating: { type: 'json', nullable: true },
    shareId: { type: 'text', nullable: true, fieldName: 'share_id' },
    // Computed on every read, never written.
    tournamentCount: { type: 'integer', formula: (table) => tournamentCountSql(table.alias), fieldName: 'tournament_count', persist: false },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    // Optimistic locking: MikroORM adds `where version = ?` to every update and bumps it.
    version: { type: 'integer', version: true },
  },
});
