import { EntitySchema } from '@mikro-orm/core';
import { Tournament } from '../domain/tournament';

/**
 * Participants of a tournament, counted in SQL (index `participants_by_created`).
 * The tournaments module reads the participants table by its key columns only; it imports nothing of that module.
 */
export function participantCountSql(tournamentAlias: string): string {
  return `(select count(*)::int from participants p where p.account_id = ${tournamentAlias}.account_id and p.tournament_id = ${tournamentAlias}.id)`;
}

/** Maps the decorator-free domain class to the `tournaments` table. */
export const TournamentSchema = new EntitySchema<Tournament>({
  class: Tournament,
  tableName: 'tournaments',
  properties: {
    id: { type: 'uuid', primary: true },
    accountId: { type: 'uuid', fieldName: 'account_id' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    game: { type: 'text', nullable: true },
    format: { type: 'text' },
    participantType: { type: 'text', fieldName: 'participant_type' },
    maxParticipants: { type: 'integer', nullable: true, fieldName: 'max_participants' },
    status: { type: 'text' },
    timezone: { type: 'text' },
    startsAt: { type: 'datetime', nullable: true, fieldName: 'starts_at' },
    endsAt: { type: 'datetime', nullable: true, fieldName: 'ends_at' },
    leagueId: { type: 'uuid', nullable: true, fieldName: 'league_id' },
    metadata: { type: 'json' },
    rounds: { type: 'integer', nullable: true },
    startedAt: { type: 'datetime', nullable: true, fieldName: 'started_at' },
    completedAt: { type: 'datetime', nullable: true, fieldName: 'completed_at' },
    // Never written (persist: false): PlainRows leaves it out of inserts and updates; the reads select participantCountSql.
    participantCount: { type: 'integer', formula: (table) => participantCountSql(table.alias), fieldName: 'participant_count', persist: false },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    // Optimistic locking: the repository's updates and deletes say `where version = ?` and bump it.
    version: { type: 'integer', version: true },
  },
});
