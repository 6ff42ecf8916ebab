import { InvalidParameterError } from '../../kernel/domain-error';
import { Cursors } from './cursors';
import { KeysetPosition } from './cursor';
import { ListQuery, SortParameter } from './list-query';
import { KeysetListQuery, ListRequest, Page, parseSort } from './page';

/** A cursor that was not issued for this query (another sort or filters, tampered with, or from elsewhere). */
export class InvalidCursorError extends InvalidParameterError {
  constructor() {
    super(
      [{ parameter: 'cursor', detail: 'is not a cursor issued for this query.' }],
      'The cursor is not valid for this query. Use next_cursor from the previous page, with the same filters and sort.',
    );
  }
}

/** Resolves a client's cursor for this query, or refuses it as a bad `cursor` parameter (InvalidCursorError). */
export async function positionFrom(cursors: Cursors, cursor: string | undefined, query: object): Promise<KeysetPosition | undefined> {
  if (cursor === undefined) return undefined;
  const position = await cursors.decode(cursor, query);
  if (!position) {
    throw new InvalidCursorError();
  }
  return position;
}

/**
 * One keyset page: fetches one row more than asked after the cursor's position,
 * and signs a cursor on the last row shown when that extra row exists.
 * `scope` (filters and sort) is what the cursor is bound to.
 */
export async function keysetPage<R extends { position: KeysetPosition }>(
  cursors: Cursors,
  request: { cursor?: string; limit: number },
  scope: object,
  fetch: (after: KeysetPosition | undefined, limit: number) => Promise<R[]>,
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const after = await positionFrom(cursors, request.cursor, scope);
  const rows = await fetch(after, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > request.limit && last ? await cursors.encode(last.position, scope) : null;
  return { rows: page, nextCursor };
}

/** A list request from the query string: its filters, its sort (or the resource's default), its page size and cursor. */
export function listRequestOf<Filters, F extends string>(
  query: ListQuery & { sort?: SortParameter<F> },
  filters: Filters,
  defaultSort: SortParameter<F>,
): ListRequest<Filters, F> {
  return { filters, sort: parseSort<F>(query.sort ?? defaultSort), limit: query.pageSize(), cursor: query.cursor };
}

/** One page of an account's resources: `list` reads the rows (one more than asked), `item` takes each row's resource. */
export async function ownedPage<Filters, F extends string, R extends { position: KeysetPosition }, T>(
  cursors: Cursors,
  accountId: string,
  request: ListRequest<Filters, F>,
  list: (query: KeysetListQuery<Filters, F>) => Promise<R[]>,
  item: (row: R) => T,
): Promise<Page<T>> {
  const scope = { filters: request.filters, sort: request.sort };
  const page = await keysetPage(cursors, request, scope, (after, limit) => list({ accountId, ...scope, after, limit }));
  return { items: page.rows.map(item), nextCursor: page.nextCursor };
}
