import { KeysetPosition } from './cursor';
import { ListSort, SortDirection } from './page';

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

/** How an in-memory repository orders its rows by a sort field, and reads a cursor's position back as a key. */
export interface InMemorySortKeys<R, F extends string> {
  sortKey(row: R, field: F): SortKey;
  keyOfPosition(position: KeysetPosition, field: F): SortKey;
}

/** A repository's `list` in memory over rows already filtered: one keyset page, each row with its cursor position. */
export function keysetRows<R extends { id: string }, F extends string>(
  rows: R[],
  query: { sort: ListSort<F>; after?: KeysetPosition; limit: number },
  keys: InMemorySortKeys<R, F>,
): { row: R; position: KeysetPosition }[] {
  const { field, direction } = query.sort;
  const after = query.after && { key: keys.keyOfPosition(query.after, field), id: query.after.id };
  const order = { keyOf: (row: R) => keys.sortKey(row, field), idOf: (row: R) => row.id, direction };
  return keysetSlice(rows, order, after, query.limit).map((row) => ({ row, position: instantPosition(keys.sortKey(row, field), row.id) }));
}
