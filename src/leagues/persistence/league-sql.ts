/**
 * The leagues table as other modules' statements may read it: a fragment they compose into SQL of their own, so a
 * reader keeps its one round trip without naming the table.
 */

/** The league shared under a share id (the placeholder): `select` lists what to return of it, aliased `l`. */
export function sharedLeagueSql(select: string): string {
  return `select ${select} from leagues l where l.share_id = ?`;
}
