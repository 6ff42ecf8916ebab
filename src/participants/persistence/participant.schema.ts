import { EntitySchema } from '@mikro-orm/core';
import { Participant } from '../domain/participant';

/**
 * Maps the decorator-free domain class to the `participants` table. The key is (account_id, id), so every
 * write MikroORM makes names the account. `registration_number` (the default order's tie-break) is the
 * database's own: filled on insert, read only by list queries.
 */
export const ParticipantSchema = new EntitySchema<Participant>({
  class: Participant,
  tableName: 'participants',
  properties: {
    accountId: { type: 'uuid', primary: true, fieldName: 'account_id' },
    id: { type: 'uuid', primary: true },
    tournamentId: { type: 'uuid', fieldName: 'tournament_id' },
    name: { type: 'text' },
    nameKey: { type: 'text', fieldName: 'name_key' },
    seed: { type: 'integer', nullable: true },
    externalId: { type: 'text', nullable: true, fieldName: 'external_id' },
    metadata: { type: 'json' },
    // `group` is a reserved word in SQL: the column says what it holds instead.
    group: { type: 'text', nullable: true, fieldName: 'group_label' },
    finalRank: { type: 'integer', nullable: true, fieldName: 'final_rank' },
    status: { type: 'text' },
    withdrawal: { type: 'json', nullable: true },
    checkedInAt: { type: 'datetime', nullable: true, fieldName: 'checked_in_at' },
    createdAt: { type: 'datetime', fieldName: 'created_at' },
    updatedAt: { type: 'datetime', fieldName: 'updated_at' },
    // Optimistic locking: MikroORM adds `where version = ?` to every update and bumps it.
    version: { type: 'integer', version: true },
  },
});
