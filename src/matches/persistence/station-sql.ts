/**
 * The stations table as other modules' statements may read it: a fragment they compose into SQL of their own, so a
 * reader keeps its one round trip without naming the table. Arguments are SQL expressions.
 */

/** Text that changes whenever one of a tournament's stations is added, renamed or removed (stations write no event). */
export function stationsVersionSql(accountId: string, tournamentId: string): string {
  return `(select concat_ws(':', count(*), max(s.updated_at)) from stations s where s.account_id = ${accountId} and s.tournament_id = ${tournamentId})`;
}
