import { wireInstant } from '../../platform/http/wire-instant';
import { StoredEvent } from '../domain/stored-event';

/** The wire form of an event (the OpenAPI `Event` schema and every webhook). */
export function presentEvent(event: StoredEvent) {
  return {
    id: event.id,
    sequence: event.sequence,
    type: event.type,
    occurred_at: wireInstant(event.occurredAt),
    tournament_id: event.tournamentId,
    league_id: event.leagueId,
    data: event.data,
  };
}

/** One Server-Sent Events message: `id:` is the sequence (what a reconnect sends back as Last-Event-ID). */
export function sseFrame(event: StoredEvent): string {
  return `id: ${event.sequence}\ndata: ${JSON.stringify(presentEvent(event))}\n\n`;
}
