import { EntitySchema } from '@mikro-orm/core';
import { BRACKETS, MATCH_OUTCOMES, MATCH_STATUSES, REPORTED_OUTCOMES } from '../../competition';
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
  enum?: true;
  items?: readonly string[];
}

/**
 * Every column of the `matches` table (migrations 20261122000400-matches, 20261125300100-competition-rules,
 * 20261125400100-third-place-match, 20261125500100-withdrawals-and-check-in, 20261127440200-series, 20261127440300-reported-outcomes, 20261127480100-match-schedule, 20261127481100-match-deciders, 20261127500300-match-stages), by the MatchRecord property it holds.
 * Written once: the EntitySchema below maps it, and the adapter's batched statements name their columns and
 * recordset types from it.
 */
export const MATCH_COLUMNS = {
  accountId: { type: 'uuid', columnType: 'uuid', fieldName: 'account_id', primary: true },
  id: { type: 'uuid', columnType: 'uuid', fieldName: 'id', primary: true },
  tournamentId: { type: 'uuid', columnType: 'uuid', fieldName: 'tournament_id' },
  number: { type: 'integer', columnType: 'int', fieldName: 'number' },
  round: { type: 'integer', columnType: 'int', fieldName: 'round' },
  // The check constraints of these columns (and outcome's), as MikroORM reads them back (`<column>_check`, `in (…)`).
  bracket: { type: 'text', columnType: 'text', fieldName: 'bracket', enum: true, items: BRACKETS },
  status: { type: 'text', columnType: 'text', fieldName: 'status', enum: true, items: MATCH_STATUSES },
  // The opponents in slot order, a small JSON array of {participantId, score, rank, result}.
  opponents: { type: 'json', columnType: 'jsonb', fieldName: 'opponents' },
  winnerId: { type: 'uuid', columnType: 'uuid', fieldName: 'winner_id', nullable: true },
  nextMatchId: { type: 'uuid', columnType: 'uuid', fieldName: 'next_match_id', nullable: true },
  nextSlot: { type: 'smallint', columnType: 'smallint', fieldName: 'next_slot', nullable: true },
  loserNextMatchId: { type: 'uuid', columnType: 'uuid', fieldName: 'loser_next_match_id', nullable: true },
  loserNextSlot: { type: 'smallint', columnType: 'smallint', fieldName: 'loser_next_slot', nullable: true },
  homeParticipantId: { type: 'uuid', columnType: 'uuid', fieldName: 'home_participant_id', nullable: true },
  scheduledAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'scheduled_at', nullable: true },
  // The stored schedule (issue 41): when the match ends, where, pinned since when, how often it moved.
  endsAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'ends_at', nullable: true },
  stationId: { type: 'uuid', columnType: 'uuid', fieldName: 'station_id', nullable: true },
  pinnedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'pinned_at', nullable: true },
  scheduleSequence: { type: 'integer', columnType: 'int', fieldName: 'schedule_sequence', nullable: true },
  completedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'completed_at', nullable: true },
  // A series' games in order (issue 44), a small JSON array of {scores, winnerId}; [] for a single result.
  games: { type: 'json', columnType: 'jsonb', fieldName: 'games' },
  outcome: { type: 'text', columnType: 'text', fieldName: 'outcome', nullable: true, enum: true, items: MATCH_OUTCOMES },
  reportedOutcome: { type: 'text', columnType: 'text', fieldName: 'reported_outcome', nullable: true, enum: true, items: REPORTED_OUTCOMES },
  // What settled level scores in a knockout match (issue 40), {method, scores}; null otherwise.
  decider: { type: 'json', columnType: 'jsonb', fieldName: 'decider', nullable: true },
  // A multi_stage tournament's stage key and group label (issue 40); null otherwise.
  stage: { type: 'text', columnType: 'text', fieldName: 'stage', nullable: true },
  group: { type: 'text', columnType: 'text', fieldName: 'group_label', nullable: true },
  createdAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'created_at' },
  updatedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'updated_at' },
  // The concurrency check: a write names the version it read (the tournament's lock orders writers).
  version: { type: 'integer', columnType: 'int', fieldName: 'version', version: true, default: 1 },
} as const satisfies Record<keyof MatchRecord, MatchColumn>;

/**
 * Maps the `matches` table for MikroORM: its columns, keys, indexes and checks as the migrations made them (a test
 * holds a schema diff to it). Its foreign keys are not here: MikroORM knows them only from relations, and modules
 * reference each other by id. MatchRecord is a plain interface, so the entity is named rather than a class; the
 * adapter reads and writes rows with its own batched SQL.
 */
export const MatchSchema = new EntitySchema<MatchRecord>({
  name: 'MatchRecord',
  tableName: 'matches',
  properties: MATCH_COLUMNS,
  uniques: [{ name: 'matches_number_key', properties: ['accountId', 'tournamentId', 'number'], deferMode: 'deferred' }],
  indexes: [
    { name: 'matches_by_round', properties: ['accountId', 'tournamentId', 'round', 'number'] },
    { name: 'matches_open', expression: `create index "matches_open" on "matches" ("account_id", "tournament_id", "number") where status <> 'completed'` },
    { name: 'matches_by_station', expression: 'create index "matches_by_station" on "matches" ("account_id", "station_id") where station_id is not null' },
    { name: 'matches_opponents', expression: 'create index "matches_opponents" on "matches" using gin ("opponents" jsonb_path_ops)' },
  ],
  checks: [
    { name: 'matches_number_check', expression: 'number >= 1' },
    { name: 'matches_round_check', expression: 'round >= 1' },
  ],
});
