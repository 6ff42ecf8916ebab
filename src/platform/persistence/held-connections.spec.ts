import { setTimeout as sleep } from 'node:timers/promises';
import { HeldConnections, PoolClient } from './held-connections';
import { isDatabaseUnavailable } from './database-errors';
import { poolHygiene, PooledConnection } from './pool-hygiene';

class FakeConnection implements PooledConnection {
  readyForQuery = true;
  /** Set by knex when the connection failed or closed. */
  __knex__disposed?: unknown;
  private readonly listeners: ((message: { status?: string }) => void)[] = [];
  connection = { on: (_event: 'readyForQuery', listener: (message: { status?: string }) => void) => void this.listeners.push(listener) };

  constructor(readonly id: number) {
    poolHygiene.afterCreate(this, () => undefined);
  }

  /** What PostgreSQL's ReadyForQuery said last: I (idle), T (in a transaction), E (a failed one). */
  answered(status: string): void {
    for (const listener of this.listeners) listener({ status });
  }
}

/**
 * A pool of `max` connections that counts what it lends and gets back. Like knex's pool (tarn) it checks a free
 * connection before lending it (disposed, then poolHygiene.validate) and discards one that fails, and queues
 * acquires first come, first served while all are lent.
 */
function fakePool(max = 10, acquireTimeoutMillis = 1_000) {
  let created = 0;
  const lent = new Set<FakeConnection>();
  const free: FakeConnection[] = [];
  const queue: ((connection: FakeConnection) => void)[] = [];
  const lend = (connection: FakeConnection) => (lent.add(connection), connection);
  const pool = {
    acquires: 0,
    lent,
    client: {
      acquireConnection: async () => {
        pool.acquires++;
        let connection = free.pop();
        while (connection && (connection.__knex__disposed || !poolHygiene.validate(connection))) connection = free.pop();
        if (connection) return lend(connection);
        if (lent.size < max) return lend(new FakeConnection(++created));
        return new Promise<FakeConnection>((resolve) => queue.push((next) => resolve(lend(next))));
      },
      releaseConnection: async (connection: FakeConnection) => {
        lent.delete(connection);
        const healthy = !connection.__knex__disposed && poolHygiene.validate(connection);
        const next = queue.shift();
        if (next) next(healthy ? connection : new FakeConnection(++created));
        else if (healthy) free.push(connection);
      },
      pool: {
        max,
        acquireTimeoutMillis,
        numFree: () => free.length,
        numUsed: () => lent.size,
        numPendingCreates: () => 0,
        numPendingAcquires: () => queue.length,
      },
    } satisfies PoolClient<FakeConnection>,
  };
  return pool;
}

/** A statement that runs until `finish` is called. */
function statement() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: async (connection: FakeConnection) => (await done, connection) };
}

describe('HeldConnections', () => {
  it('runs the next statement on the connection the last one used, without the pool', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    const first = await held.use(async (connection) => connection.id);
    const second = await held.use(async (connection) => connection.id);
    expect(second).toBe(first);
    expect(pool.acquires).toBe(1);
    expect(pool.lent.size).toBe(1); // still counted as lent: the pool's budget covers it
    held.releaseAll();
    expect(pool.lent.size).toBe(0);
  });

  it('gives each of two statements at once a connection of its own', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    const ids = await Promise.all([held.use(async (c) => (await sleep(5), c.id)), held.use(async (c) => (await sleep(5), c.id))]);
    expect(new Set(ids).size).toBe(2);
    expect(held.state.idle).toBe(2);
    held.releaseAll();
  });

  it('gives its connection to whoever waits in the pool (a transaction), at once', async () => {
    const pool = fakePool(1);
    const held = new HeldConnections(pool.client, 1_000);
    await held.use(async () => undefined);
    const transaction = pool.client.acquireConnection(); // the pool's one connection is held here, unused
    const running = statement();
    const next = held.use(running.work); // sees the pool's queue: gives its connection there, waits behind it
    expect(pool.lent.has(await transaction)).toBe(true);
    expect(held.state.idle).toBe(0);
    void pool.client.releaseConnection(await transaction);
    running.finish();
    await next;
    held.releaseAll();
    expect(pool.lent.size).toBe(0);
  });

  it('keeps a connection whose statement PostgreSQL refused, and gives back one that failed', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    const refusal = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    await expect(held.use(async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(held.state.idle).toBe(1); // the server answered: the connection is idle and fine
    const timedOut = held.use(async (connection) => {
      connection.readyForQuery = false; // pg gave up waiting; the server may still answer
      throw new Error('Query read timeout');
    });
    await expect(timedOut).rejects.toThrow('Query read timeout');
    expect(held.state.idle).toBe(0);
    expect(pool.lent.size).toBe(0);
  });

  it('does not reuse a connection left inside a transaction, still waiting for an answer, or closed', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    const inTransaction = await held.use(async (connection) => (connection.answered('T'), connection));
    const next = await held.use(async (connection) => connection);
    expect(next).not.toBe(inTransaction);
    expect(pool.lent.has(inTransaction)).toBe(false); // back to the pool, whose own check discards it
    next.readyForQuery = false;
    const after = await held.use(async (connection) => connection);
    expect(after).not.toBe(next);
    after.__knex__disposed = new Error('Connection terminated unexpectedly');
    expect(await held.use(async (connection) => connection)).not.toBe(after);
    held.releaseAll();
  });

  it('when the pool has none left, a statement waits for the next connection put back here', async () => {
    const pool = fakePool(2);
    const held = new HeldConnections(pool.client, 1_000);
    const [a, b] = [statement(), statement()];
    const running = [held.use(a.work), held.use(b.work)];
    await sleep(0);
    const third = held.use(async (connection) => connection);
    await sleep(0);
    expect(held.state.waiting).toBe(1);
    expect(pool.client.pool.numPendingAcquires()).toBe(0); // not in the pool's queue
    a.finish();
    const [first] = await Promise.all([running[0], third]);
    expect(await third).toBe(first); // handed over directly
    expect(pool.acquires).toBe(2);
    b.finish();
    await running[1];
    held.releaseAll();
    expect(pool.lent.size).toBe(0);
  });

  it('behind a statement of its own that had to queue in the pool, the next ones wait here', async () => {
    const pool = fakePool(2);
    const held = new HeldConnections(pool.client, 1_000);
    const transactions = [await pool.client.acquireConnection(), await pool.client.acquireConnection()];
    const [c, d, e] = [statement(), statement(), statement()];
    const first = held.use(c.work); // none of its own to wait for: it queues in the pool
    await sleep(0);
    const later = [held.use(d.work), held.use(e.work)];
    await sleep(0);
    expect(pool.client.pool.numPendingAcquires()).toBe(1);
    expect(held.state.waiting).toBe(2);
    void pool.client.releaseConnection(transactions[0]);
    c.finish();
    const connection = await first;
    d.finish();
    e.finish();
    expect(await Promise.all(later)).toEqual([connection, connection]); // handed on here, one after the other
    expect(pool.acquires).toBe(3); // the two transactions and c
    void pool.client.releaseConnection(transactions[1]);
    held.releaseAll();
    expect(pool.lent.size).toBe(0);
  });

  it('a statement waiting here gives up when the pool would have, as a 503', async () => {
    jest.useFakeTimers();
    try {
      const pool = fakePool(1, 500);
      const held = new HeldConnections(pool.client, 1_000);
      const hung = statement();
      const running = held.use(hung.work);
      await Promise.resolve();
      await Promise.resolve();
      const waiting = held.use(async () => 'ran');
      const outcome = waiting.then(
        () => undefined,
        (error: unknown) => error,
      );
      await jest.advanceTimersByTimeAsync(499);
      expect(held.state.waiting).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(held.state.waiting).toBe(0);
      hung.finish();
      await running;
      held.releaseAll();
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends those waiting here to the pool when its connection failed and none of its own is left', async () => {
    const pool = fakePool(1);
    const held = new HeldConnections(pool.client, 1_000);
    const failing = held.use(async (connection) => {
      await sleep(5);
      connection.__knex__disposed = new Error('Connection terminated unexpectedly');
      throw new Error('Connection terminated unexpectedly');
    });
    await sleep(0);
    const waiting = held.use(async (connection) => connection.id);
    await expect(failing).rejects.toThrow('Connection terminated');
    expect(await waiting).toBe(2); // a fresh connection from the pool, which discarded the failed one
    held.releaseAll();
  });

  it('gives back connections unused for the hold time, and keeps the one in use', async () => {
    jest.useFakeTimers();
    try {
      const pool = fakePool();
      const held = new HeldConnections(pool.client, 20);
      await Promise.all([held.use(async () => undefined), held.use(async () => undefined)]);
      expect(held.state.idle).toBe(2);
      jest.advanceTimersByTime(15);
      await held.use(async () => undefined); // the most recently used one, used again at 15 ms
      jest.advanceTimersByTime(10);
      expect(held.state.idle).toBe(1); // the other, unused since 0 ms, went back at 20 ms
      jest.advanceTimersByTime(20);
      expect(held.state.idle).toBe(0); // unused since 15 ms: back at 40 ms
      expect(pool.lent.size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
