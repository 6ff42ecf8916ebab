/**
 * The tournaments table as other modules' statements may read it: fragments they compose into SQL of their own, so
 * a reader keeps its one round trip without naming the table. Arguments are SQL expressions (a column of the
 * caller's, or a placeholder).
 */

/** The tournament shared under a share id (the placeholder): `select` lists what to return of it, aliased `t`. */
export function sharedTournamentSql(select: string): string {
  return `select ${select} from tournaments t where t.share_id = ?`;
}

/** The ids of a league's tournaments: a subquery. */
export function leagueTournamentIdsSql(accountId: string, leagueId: string): string {
  return `select t.id from tournaments t where t.account_id = ${accountId} and t.league_id = ${leagueId}`;
}

/** Text that changes whenever one of a league's tournaments is added, changed or removed. */
export function leagueTournamentsVersionSql(accountId: string, leagueId: string): string {
  return `(select concat_ws(':', count(*), max(t.updated_at), sum(t.version)) from tournaments t where t.account_id = ${accountId} and t.league_id = ${leagueId})`;
}
