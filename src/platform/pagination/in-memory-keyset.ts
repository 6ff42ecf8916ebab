import { KeysetPosition } from './cursor';
import { SortDirection } from './page';

/** A sort key as in-memory adapters compare it: a number (instants as epoch ms) or a string. */
export type SortKey = number | string;

/**
 * Keyset paging over rows in memory, as `keysetSql` does in SQL: sorted by (key, id) in the given direction,
 * strictly after `after` (a key and id), at most `limit` rows. For the in-memory repositories of service tests.
 */
export function keysetSlice<R>(
  rows: R[],
  order: { keyOf: (row: R) => SortKey; idOf: (row: R) => string; direction: SortDirection },
  after: { key: SortKey; id: string } | undefined,
  limit: number,
): R[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const compare = (a: R, key: SortKey, id: string) => sign * compareKeys(order.keyOf(a), order.idOf(a), key, id);
  return rows
    .filter((row) => !after || compare(row, after.key, after.id) > 0)
    .sort((a, b) => compare(a, order.keyOf(b), order.idOf(b)))
    .slice(0, limit);
}

function compareKeys(a: SortKey, aId: string, b: SortKey, bId: string): number {
  if (a !== b) return a < b ? -1 : 1;
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/** The cursor position of a key: numbers as instants in ISO form (a missing instant, sorted last, as PostgreSQL's 'infinity'), strings as they are. */
export function instantPosition(key: SortKey, id: string): KeysetPosition {
  if (typeof key === 'string') return { value: key, id };
  return { value: key === Number.POSITIVE_INFINITY ? 'infinity' : new Date(key).toISOString(), id };
}
