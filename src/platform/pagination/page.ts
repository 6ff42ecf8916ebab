/** One page of a keyset-paginated list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type SortDirection = 'asc' | 'desc';

/** `-name` → { field: 'name', direction: 'desc' }. */
export function parseSort<F extends string>(sort: F | `-${F}`): { field: F; direction: SortDirection } {
  return sort.startsWith('-') ? { field: sort.slice(1) as F, direction: 'desc' } : { field: sort as F, direction: 'asc' };
}

/** A comma-separated filter such as `status=draft,active`, deduplicated and in a stable order (cursors are bound to it). */
export function commaSeparated<T extends string>(value: string | undefined): T[] | undefined {
  return value ? ([...new Set(value.split(','))].sort() as T[]) : undefined;
}
