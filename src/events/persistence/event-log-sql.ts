/**
 * The event log as other modules' statements may read it: fragments they compose into SQL of their own, so a reader
 * keeps its one round trip and its transaction without naming the log's tables. Arguments are SQL expressions
 * (a column of the caller's, or a placeholder); rows come back as `EventRow` (../event-rows).
 */

/** The columns of an `EventRow`, from the log aliased `e`. */
const EVENT_ROW_COLUMNS = 'e.id, e.sequence, e.type, e.occurred_at, e.tournament_id, e.league_id, e.data';

/** An account's newest event sequence, 0 before its first event. */
export function newestSequenceSql(accountId: string): string {
  return `coalesce((select last_sequence from event_sequences where account_id = ${accountId}), 0)`;
}

/** Joins each row to its account's newest sequence as `<alias>.last_sequence`; rows of accounts with no event drop out. */
export function joinNewestSequenceSql(alias: string, accountId: string): string {
  return `join lateral (select last_sequence from event_sequences where account_id = ${accountId}) ${alias} on true`;
}

/**
 * An account's events after a sequence, oldest first. `where` adds conditions on the event (alias `e`, the columns
 * of an `EventRow`); its placeholders come after `after`'s and before `limit`'s.
 */
export function numberedEventsSql(range: { accountId: string; after: string; where?: string; limit: string }): string {
  const conditions = [`e.account_id = ${range.accountId}`, `e.sequence > ${range.after}`, ...(range.where ? [range.where] : [])];
  return `select ${EVENT_ROW_COLUMNS} from events e where ${conditions.join(' and ')} order by e.sequence limit ${range.limit}`;
}

/** The newest numbered sequence among a tournament's events (null when it has none). */
export function newestTournamentEventSql(accountId: string, tournamentId: string): string {
  return `(select max(e.sequence) from events e where e.account_id = ${accountId} and e.tournament_id = ${tournamentId})`;
}

/** Whether one of a tournament's events still waits for its number (it committed, and is numbered just after). */
export function tournamentEventUnnumberedSql(accountId: string, tournamentId: string): string {
  return `exists (select 1 from events e where e.account_id = ${accountId} and e.tournament_id = ${tournamentId} and e.sequence is null)`;
}

/** The newest numbered sequence among a league's events and those of its tournaments (`tournamentIds`: a subquery). */
export function newestLeagueEventSql(accountId: string, leagueId: string, tournamentIds: string): string {
  return `(select max(e.sequence) from events e where e.account_id = ${accountId}
      and (e.league_id = ${leagueId} or e.tournament_id in (${tournamentIds})))`;
}

/** Whether one of a league's events, or of its tournaments', still waits for its number. */
export function leagueEventUnnumberedSql(accountId: string, leagueId: string, tournamentIds: string): string {
  return `exists (select 1 from events e where e.account_id = ${accountId} and e.sequence is null
      and (e.league_id = ${leagueId} or e.tournament_id in (${tournamentIds})))`;
}
