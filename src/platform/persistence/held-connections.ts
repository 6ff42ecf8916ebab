import { PooledConnection, poolHygiene } from './pool-hygiene';

/** The parts of knex's client (MikroORM's driver) used here: its pool of pg connections (tarn). */
export interface PoolClient<C> {
  acquireConnection(): Promise<C>;
  releaseConnection(connection: C): Promise<void>;
  pool?: { numPendingAcquires(): number } | null;
}

/**
 * Connections of MikroORM's own pool kept between statements run outside a transaction, so a busy instance's next
 * statement skips the pool's acquire and release: on Node.js 20 a round through knex and tarn costs about ten
 * promises, a timer and a validation, as much as the statement's own protocol work. The pool keeps counting them
 * as lent, so DATABASE_POOL_SIZE stays the instance's whole budget.
 *
 * Nothing waits on them: a connection goes back to the pool as soon as anyone waits for one there (a transaction),
 * when its statement failed (the pool's hygiene then decides whether to keep it), and after `holdMs` unused. One is
 * reused only if it passes what the pool itself checks before lending: not closed or failed (knex marks such a
 * connection disposed), idle, and outside any transaction.
 */
export class HeldConnections<C extends PooledConnection> {
  /** Most recently used last; each with when it was put back. */
  private readonly idle: { connection: C; since: number }[] = [];
  private sweep?: NodeJS.Timeout;

  constructor(
    private readonly client: PoolClient<C>,
    private readonly holdMs = 20,
  ) {}

  async use<R>(work: (connection: C) => Promise<R>): Promise<R> {
    const connection = this.takeIdle() ?? (await this.client.acquireConnection());
    let succeeded = false;
    try {
      const result = await work(connection);
      succeeded = true;
      return result;
    } finally {
      this.putBack(connection, succeeded);
    }
  }

  /** How many are held unused now (for tests). */
  get heldIdle(): number {
    return this.idle.length;
  }

  /** Gives every held connection back to the pool (before it is destroyed). */
  releaseAll(): void {
    for (const { connection } of this.idle.splice(0)) void this.client.releaseConnection(connection);
    clearTimeout(this.sweep);
    this.sweep = undefined;
  }

  private takeIdle(): C | undefined {
    if (this.othersWaiting()) {
      this.releaseAll();
      return undefined;
    }
    while (this.idle.length > 0) {
      const { connection } = this.idle.pop()!;
      if (reusable(connection)) return connection;
      void this.client.releaseConnection(connection); // the pool checks it again and discards it
    }
    return undefined;
  }

  private putBack(connection: C, succeeded: boolean): void {
    if (!succeeded || this.othersWaiting()) {
      void this.client.releaseConnection(connection);
      if (this.othersWaiting()) this.releaseAll();
      return;
    }
    this.idle.push({ connection, since: performance.now() });
    this.sweep ??= setTimeout(() => this.releaseUnused(), this.holdMs);
  }

  /** Gives back those unused for `holdMs`, the least recently used first; checks again while any is held. */
  private releaseUnused(): void {
    this.sweep = undefined;
    const before = performance.now() - this.holdMs;
    let unused = 0;
    while (unused < this.idle.length && this.idle[unused].since <= before) unused++;
    for (const { connection } of this.idle.splice(0, unused)) void this.client.releaseConnection(connection);
    if (this.idle.length > 0) this.sweep = setTimeout(() => this.releaseUnused(), this.holdMs);
  }

  private othersWaiting(): boolean {
    return (this.client.pool?.numPendingAcquires() ?? 0) > 0;
  }
}

function reusable(connection: PooledConnection & { __knex__disposed?: unknown }): boolean {
  return !connection.__knex__disposed && poolHygiene.validate(connection);
}
