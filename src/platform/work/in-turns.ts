import { setTimeout as nextTurn } from 'node:timers/promises';

/**
 * Calls `each` on every item, `perTurn` of them in one turn of the event loop: a long pass over a large bracket lets
 * timers, requests and the database in between its slices. A list of one slice or less takes no extra turn.
 */
export async function inTurns<T>(items: readonly T[], perTurn: number, each: (item: T, index: number) => void): Promise<void> {
  for (let from = 0; from < items.length; from += perTurn) {
    if (from > 0) await nextTurn();
    for (let index = from; index < Math.min(items.length, from + perTurn); index++) each(items[index], index);
  }
}
