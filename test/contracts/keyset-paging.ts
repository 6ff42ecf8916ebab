import { KeysetPosition } from '../../src/platform/pagination/cursor';

/**
 * Every row of a list query, fetched page by page, each page starting after the last row of the one before,
 * as a client following cursors would. Fails a test whose paging never ends.
 */
export async function everyPage<R extends { position: KeysetPosition }>(
  fetchPage: (after: KeysetPosition | undefined, limit: number) => Promise<R[]>,
  pageSize: number,
): Promise<R[]> {
  const rows: R[] = [];
  let after: KeysetPosition | undefined;
  for (let page = 0; page < 100; page++) {
    const found = await fetchPage(after, pageSize);
    rows.push(...found);
    if (found.length < pageSize) return rows;
    after = found.at(-1)!.position;
  }
  throw new Error('paging did not end');
}
