import { EventType } from './event-types';

/** An event as the log holds it: `sequence` counts the account's events from 1, without gaps. */
export interface StoredEvent {
  id: string;
  sequence: number;
  type: EventType;
  occurredAt: Date;
  tournamentId: string | null;
  leagueId: string | null;
  data: Record<string, unknown>;
}

export interface EventFilters {
  /** Only these types; absent: every type. */
  types?: EventType[];
  tournamentId?: string;
}

/** Whether a stream or feed with these filters shows the event. */
export function matchesFilters(event: StoredEvent, filters: EventFilters): boolean {
  if (filters.types && !filters.types.includes(event.type)) return false;
  if (filters.tournamentId && event.tournamentId !== filters.tournamentId) return false;
  return true;
}
