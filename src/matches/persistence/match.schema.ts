import { EntitySchema } from '@mikro-orm/core';
import { MatchRecord } from '../domain/match.repository';

/** A column as MikroORM's EntitySchema takes it; `columnType` is also the type a JSON recordset reads it as. */
interface MatchColumn {
  type: string;
  columnType: string;
  fieldName: string;
  primary?: true;
  nullable?: true;
  version?: true;
  default?: number;
}

/**
 * Every column of the `matches` table (migrations 20261122000400-matches, 20261125300100-competition-rules,
 * 20261125400100-third-place-match, 20261125500100-withdrawals-and-check-in), by the MatchRecord property it holds.
 * Written once: the EntitySchema below maps it, and the adapter's batched statements name their columns and
 * recordset types from it.
 */
export const MATCH_COLUMNS = {
  accountId: { type: 'uuid', columnType: 'uuid', fieldName: 'account_id', primary: true },
  id: { type: 'uuid', columnType: 'uuid', fieldName: 'id', primary: true },
  tournamentId: { type: 'uuid', columnType: 'uuid', fieldName: 'tournament_id' },
  number: { type: 'integer', columnType: 'int', fieldName: 'number' },
  round: { type: 'integer', columnType: 'int', fieldName: 'round' },
  bracket: { type: 'text', columnType: 'text', fieldName: 'bracket' },
  status: { type: 'text', columnType: 'text', fieldName: 'status' },
  // The opponents in slot order, a small JSON array of {participantId, score, rank, result}.
  opponents: { type: 'json', columnType: 'jsonb', fieldName: 'opponents' },
  winnerId: { type: 'uuid', columnType: 'uuid', fieldName: 'winner_id', nullable: true },
  nextMatchId: { type: 'uuid', columnType: 'uuid', fieldName: 'next_match_id', nullable: true },
  nextSlot: { type: 'smallint', columnType: 'smallint', fieldName: 'next_slot', nullable: true },
  loserNextMatchId: { type: 'uuid', columnType: 'uuid', fieldName: 'loser_next_match_id', nullable: true },
  loserNextSlot: { type: 'smallint', columnType: 'smallint', fieldName: 'loser_next_slot', nullable: true },
  homeParticipantId: { type: 'uuid', columnType: 'uuid', fieldName: 'home_participant_id', nullable: true },
  scheduledAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'scheduled_at', nullable: true },
  completedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'completed_at', nullable: true },
  outcome: { type: 'text', columnType: 'text', fieldName: 'outcome', nullable: true },
  createdAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'created_at' },
  updatedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'updated_at' },
  // The concurrency check: a write names the version it read (the tournament's lock orders writers).
  version: { type: 'integer', columnType: 'int', fieldName: 'version', version: true, default: 1 },
} as const satisfies Record<keyof MatchRecord, MatchColumn>;

/**
 * Maps the `matches` table for MikroORM (its metadata, `em.count` and the like). MatchRecord is a plain interface,
 * so the entity is named rather than a class; the adapter's hot paths read and write rows with their own SQL.
 */
export const MatchSchema = new EntitySchema<MatchRecord>({
  name: 'MatchRecord',
  tableName: 'matches',
  properties: MATCH_COLUMNS,
});
