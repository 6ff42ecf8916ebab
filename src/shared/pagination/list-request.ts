import { HttpProblem } from '../http/error-translation';
import { Cursors } from './cursors';
import { KeysetPosition } from './cursor';

/** Resolves a client's cursor for this query, or refuses it as a bad `cursor` parameter. */
export async function positionFrom(cursors: Cursors, cursor: string | undefined, query: object): Promise<KeysetPosition | undefined> {
  if (cursor === undefined) return undefined;
  const position = await cursors.decode(cursor, query);
  if (!position) {
    throw new HttpProblem({
      code: 'invalid_parameter',
      detail: 'The cursor is not valid for this query. Use next_cursor from the previous page, with the same filters and sort.',
      extensions: { errors: [{ parameter: 'cursor', detail: 'is not a cursor issued for this query.' }] },
    });
  }
  return position;
}
