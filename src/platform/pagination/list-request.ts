import { InvalidParameterError } from '../../kernel/domain-error';
import { Cursors } from './cursors';
import { KeysetPosition } from './cursor';

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
