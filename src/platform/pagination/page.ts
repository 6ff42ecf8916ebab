import { KeysetPosition } from './cursor';

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

/** The sort of a list: a field and its direction. */
export interface ListSort<F extends string> {
  field: F;
  direction: SortDirection;
}

/** What a list use case takes: filters and sort (which its cursors are bound to), a page size and the client's cursor. */
export interface ListRequest<Filters, F extends string> {
  filters: Filters;
  sort: ListSort<F>;
  limit: number;
  cursor?: string;
}

/** What a repository's list takes: an account's rows that pass the filters, strictly after `after` in sort order. */
export interface KeysetListQuery<Filters, F extends string> {
  accountId: string;
  filters: Filters;
  sort: ListSort<F>;
  /** Rows strictly after this position in sort order. */
  after?: KeysetPosition;
  limit: number;
}

/** A listed row with its place in the sort order (what a cursor records), under the resource's own name. */
export type Positioned<Name extends string, T> = { [key in Name]: T } & { position: KeysetPosition };
