import { EntitySchema } from '@mikro-orm/core';
import { competitionColumns } from '../../platform/persistence/competition-columns';
import { League } from '../domain/league';

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
    // No column: asked of the tournaments module on every read (LeagueTournamentCounts), never written.
    tournamentCount: { type: 'integer', fieldName: 'tournament_count', persist: false },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    // Optimistic locking: MikroORM adds `where version = ?` to every update and bumps it.
    version: { type: 'integer', version: true },
  },
});
