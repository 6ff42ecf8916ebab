/**
 * The event catalogue: every type the log holds, in one place. A write path appends one of these through
 * EventLog; the feed's `types` filter, the OpenAPI `webhooks` section and docs/events.md are built from this list.
 * To add a type: add an entry here (its `data` says what the payload is), append it from the write path, and
 * describe its payload schema in events.openapi.ts (a test fails while a type has no schema).
 */
export const EVENT_TYPES = {
  'tournament.created': { data: 'tournament', summary: 'A tournament was created.' },
  'tournament.updated': { data: 'tournament', summary: 'A tournament’s fields changed (its status did not).' },
  'tournament.status_changed': { data: 'tournament', summary: 'A tournament moved to another status (other than `completed`) by PATCH; other fields may have changed with it.' },
  'tournament.completed': {
    data: 'tournament_completion',
    summary: 'A tournament completed (its last result came in, or it was PATCHed to `completed`), with every participant’s final rank; sent again when a correction re-derives the ranks.',
  },
  'tournament.deleted': { data: 'deletion', summary: 'A tournament was deleted.' },
  'league.created': { data: 'league', summary: 'A league was created.' },
  'league.updated': { data: 'league', summary: 'A league’s fields or status changed.' },
  'league.deleted': { data: 'deletion', summary: 'A league was deleted.' },
  'participant.registered': { data: 'participant', summary: 'A participant was added to a tournament (one event per participant of a bulk request).' },
  'participant.updated': { data: 'participant', summary: 'A participant’s fields changed.' },
  'participant.removed': { data: 'deletion', summary: 'A participant was removed from a tournament.' },
  'matches.generated': { data: 'matches_generated', summary: 'A tournament started and its matches were generated.' },
  'match.ready': { data: 'match', summary: 'A match became `ready` (both opponents known) after another match’s result.' },
  'match.reported': { data: 'match', summary: 'A result was reported for a match that had none.' },
  'match.updated': { data: 'match', summary: 'A game was reported in a series still under way (the match is `in_progress`, its scores the games won so far).' },
  'match.scheduled': { data: 'match', summary: 'A match’s `scheduled_at`, `ends_at`, `station_id` or `pinned` changed (without a result): a PATCH, or one event per match a stored plan moved.' },
  'match.corrected': { data: 'match_correction', summary: 'A reported result was changed; `cleared_matches` lists the dependent results it cleared.' },
  'standings.changed': { data: 'standings', summary: 'A result changed a tournament’s standings (the table as GET …/standings returns it).' },
  'ratings.changed': {
    data: 'ratings',
    summary: 'A result or the league’s `rating` setting changed a rated league’s ratings (the whole table, rows as GET …/leagues/{id}/ratings returns them); a result’s follows the tournament’s standings.changed.',
  },
} as const satisfies Record<string, { data: string; summary: string }>;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}
