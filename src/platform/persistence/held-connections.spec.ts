import { setTimeout as sleep } from 'node:timers/promises';
import { HeldConnections, PoolClient } from './held-connections';
import { poolHygiene, PooledConnection } from './pool-hygiene';

/**
 * A pool that counts what it lends and gets back, with connections whose protocol status a test sets; like knex's
 * pool it checks a free connection (disposed, then poolHygiene.validate) before lending it, and discards one that fails.
 */
function fakePool() {
  let created = 0;
  const lent = new Set<FakeConnection>();
  const free: FakeConnection[] = [];
  const pool = {
    waiting: 0,
    acquires: 0,
    releases: 0,
    lent,
    client: {
      acquireConnection: async () => {
        pool.acquires++;
        let connection = free.pop();
        while (connection && (connection.__knex__disposed || !poolHygiene.validate(connection))) connection = free.pop();
        connection ??= new FakeConnection(++created);
        lent.add(connection);
        return connection;
      },
      releaseConnection: async (connection: FakeConnection) => {
        pool.releases++;
        lent.delete(connection);
        free.push(connection);
      },
      pool: { numPendingAcquires: () => pool.waiting },
    } satisfies PoolClient<FakeConnection>,
  };
  return pool;
}

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
    expect(held.heldIdle).toBe(2);
    held.releaseAll();
  });

  it('gives its connection back at once when someone waits in the pool', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    await held.use(async () => undefined);
    pool.waiting = 1;
    await held.use(async () => undefined);
    expect(held.heldIdle).toBe(0);
    expect(pool.lent.size).toBe(0);
    expect(pool.acquires).toBe(2); // the second went through the pool, behind whoever waits there
  });

  it('gives back a connection whose statement failed', async () => {
    const pool = fakePool();
    const held = new HeldConnections(pool.client, 1_000);
    await expect(held.use(async () => Promise.reject(new Error('statement timeout')))).rejects.toThrow('statement timeout');
    expect(held.heldIdle).toBe(0);
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

  it('gives back connections unused for the hold time, and keeps the one in use', async () => {
    jest.useFakeTimers();
    try {
      const pool = fakePool();
      const held = new HeldConnections(pool.client, 20);
      await Promise.all([held.use(async () => undefined), held.use(async () => undefined)]);
      expect(held.heldIdle).toBe(2);
      jest.advanceTimersByTime(15);
      await held.use(async () => undefined); // the most recently used one, used again at 15 ms
      jest.advanceTimersByTime(10);
      expect(held.heldIdle).toBe(1); // the other, unused since 0 ms, went back at 20 ms
      jest.advanceTimersByTime(20);
      expect(held.heldIdle).toBe(0); // unused since 15 ms: back at 40 ms
      expect(pool.lent.size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
