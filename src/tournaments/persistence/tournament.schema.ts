import { EntitySchema } from '@mikro-orm/core';
import { competitionColumns } from '../../platform/persistence/competition-columns';
import { Tournament } from '../domain/tournament';

/** Maps the decorator-free domain class to the `tournaments` table. */
export const TournamentSchema = new EntitySchema<Tournament>({
  class: Tournament,
  tableName: 'tournaments',
  properties: {
    ...competitionColumns(),
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
    thirdPlaceMatch: { type: 'boolean', fieldName: 'third_place_match' },
    points: { type: 'json', nullable: true },
    schedule: { type: 'json', nullable: true },
    tiebreakers: { type: 'json', nullable: true },
    legs: { type: 'integer', nullable: true },
    bestOf: { type: 'json', nullable: true, fieldName: 'best_of' },
    stages: { type: 'json', nullable: true },
    weight: { type: 'number', columnType: 'double precision' },
    checkInRequired: { type: 'boolean', fieldName: 'check_in_required' },
    checkInOpensAt: { type: 'datetime', nullable: true, fieldName: 'check_in_opens_at' },
    checkInClosesAt: { type: 'datetime', nullable: true, fieldName: 'check_in_closes_at' },
    visibility: { type: 'text' },
    shareId: { type: 'text', nullable: true, fieldName: 'share_id' },
    startedAt: { type: 'datetime', nullable: true, fieldName: 'started_at' },
    completedAt: { type: 'datetime', nullable: true, fieldName: 'completed_at' },
    // Kept by the participants table's triggers (migration 20261122000500-stored-participant-count); the application
    // never writes it (persist: false: PlainRows leaves it out of inserts and updates).
    participantCount: { type: 'integer', fieldName: 'participant_count', persist: false },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    // Optimistic locking: the repository's updates and deletes say `where version = ?` and bump it.
    version: { type: 'integer', version: true },
  },
});
