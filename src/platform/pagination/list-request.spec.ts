import { translateError } from '../http/error-translation';
import { StaticCursors } from './cursors';
import { InvalidCursorError, positionFrom } from './list-request';

describe('positionFrom', () => {
  const cursors = new StaticCursors('a-secret-for-tests-only');
  const query = { sort: 'name', status: ['draft'] };

  it('reads back a cursor issued for the same query, and none when there is none', async () => {
    const cursor = await cursors.encode({ value: 'Ada', id: '0191f1a0-0000-7000-8000-000000000001' }, query);
    expect(await positionFrom(cursors, cursor, query)).toEqual({ value: 'Ada', id: '0191f1a0-0000-7000-8000-000000000001' });
    expect(await positionFrom(cursors, undefined, query)).toBeUndefined();
  });

  it('refuses a cursor of another query with a domain error the platform answers as a 400 invalid_parameter on `cursor`', async () => {
    const cursor = await cursors.encode({ value: 'Ada', id: '0191f1a0-0000-7000-8000-000000000001' }, query);
    const refusal = await positionFrom(cursors, cursor, { ...query, sort: '-name' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidCursorError);
    expect(translateError(refusal)).toEqual({
      code: 'invalid_parameter',
      detail: 'The cursor is not valid for this query. Use next_cursor from the previous page, with the same filters and sort.',
      extensions: { errors: [{ parameter: 'cursor', detail: 'is not a cursor issued for this query.' }] },
    });
  });
});
