import { EventType } from '../../events/domain/event-types';
import { presentEvent } from '../../events/dto/event.presenter';
import { parseTimestamptz } from '../../platform/persistence/pg-timestamp';

export interface EventRow {
  id: string;
  sequence: string | number;
  type: string;
  occurred_at: string | Date;
  tournament_id: string | null;
  league_id: string | null;
  data: Record<string, unknown> | string;
}

export const EVENT_COLUMNS = 'e.id, e.sequence, e.type, e.occurred_at, e.tournament_id, e.league_id, e.data';

/** A delivery's body: the event exactly as the feed and the stream present it. */
export function eventBody(row: EventRow): string {
  return JSON.stringify(
    presentEvent({
      id: row.id,
      sequence: Number(row.sequence),
      type: row.type as EventType,
      occurredAt: typeof row.occurred_at === 'string' ? parseTimestamptz(row.occurred_at) : row.occurred_at,
      tournamentId: row.tournament_id,
      leagueId: row.league_id,
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    }),
  );
}

/** Timestamps as pg hands them to this module (text, or Date on some paths). */
export function instant(value: string | Date | null): Date | null {
  if (value === null) return null;
  return typeof value === 'string' ? parseTimestamptz(value) : value;
}
