import { parseTimestamptz } from '../platform/persistence/pg-timestamp';
import { EventType } from './domain/event-types';
import { StoredEvent } from './domain/stored-event';

/**
 * A row of the events table as the driver returns it (the sequence, a bigint, may come as text; a prepared or
 * plain query may leave the timestamp and the JSON unparsed). The log reads it, and so does webhook delivery,
 * which turns new events into deliveries in its own statements.
 */
export interface EventRow {
  id: string;
  sequence: string | number;
  type: string;
  occurred_at: string | Date;
  tournament_id: string | null;
  league_id: string | null;
  data: Record<string, unknown> | string;
}

/** The event a row holds. */
export function storedEventOf(row: EventRow): StoredEvent {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    type: row.type as EventType,
    occurredAt: typeof row.occurred_at === 'string' ? parseTimestamptz(row.occurred_at) : row.occurred_at,
    tournamentId: row.tournament_id,
    leagueId: row.league_id,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
  };
}
