import { PooledConnection, poolHygiene } from './pool-hygiene';

/** The parts of knex's client (MikroORM's driver) used here: its pool of pg connections (tarn). */
export interface PoolClient<C> {
  acquireConnection(): Promise<C>;
  releaseConnection(connection: C): Promise<void>;
  pool?: PoolState | null;
}

/** What tarn's pool says of itself. */
export interface PoolState {
  readonly max: number;
  readonly acquireTimeoutMillis: number;
  numFree(): number;
  numUsed(): number;
  numPendingCreates(): number;
  numPendingAcquires(): number;
}

interface Waiter<C> {
  resolve(connection: C): void;
  reject(error: Error): void;
  /** When the pool itself would have given up (its acquire timeout). */
  deadline: number;
}

/**
 * Connections of MikroORM's own pool kept between statements run outside a transaction, so a busy instance's next
 * statement skips the pool's acquire and release: on Node.js 20 a round through knex and tarn costs about ten
 * promises, a timer and a validation, as much as the statement's own protocol work. The pool keeps counting them
 * as lent, so DATABASE_POOL_SIZE stays the instance's whole budget.
 *
 * - Nothing waits on them: a connection goes back to the pool as soon as anyone waits there (a transaction, or a
 *   statement of ours that had to queue there), and after `holdMs` unused.
 * - When the pool has nothing left to lend, a statement waits here for the next of these connections instead of in
 *   the pool's queue (unless others already wait there: it queues behind them), for no longer than the pool would
 *   have made it wait.
 * - One is reused only if it passes what the pool itself checks before lending: not closed or failed (knex marks
 *   such a connection disposed), idle, outside any transaction. Any other goes back to the pool, which discards it.
 */
export class HeldConnections<C extends PooledConnection> {
  /** Most recently used last; each with when it was put back. */
  private readonly idle: { connection: C; since: number }[] = [];
  private readonly waiting: Waiter<C>[] = [];
  /** Ours and lent to a statement, from the moment it is taken, handed over or acquired. */
  private busy = 0;
  /** Our acquires under way in the pool's queue. */
  private acquiring = 0;
  private sweep?: NodeJS.Timeout;
  private expiry?: NodeJS.Timeout;

  constructor(
    private readonly client: PoolClient<C>,
    private readonly holdMs = 20,
  ) {}

  async use<R>(work: (connection: C) => Promise<R>): Promise<R> {
    const connection = this.takeIdle() ?? (await this.nextConnection());
    try {
      return await work(connection);
    } finally {
      this.busy--;
      this.putBack(connection);
    }
  }

  /** How many are held unused now, and how many statements wait here (for tests). */
  get state(): { idle: number; waiting: number } {
    return { idle: this.idle.length, waiting: this.waiting.length };
  }

  /** Gives every unused connection back to the pool. */
  releaseAll(): void {
    for (const { connection } of this.idle.splice(0)) void this.client.releaseConnection(connection);
    clearTimeout(this.sweep);
    this.sweep = undefined;
  }

  private takeIdle(): C | undefined {
    if (this.poolQueue() > 0) {
      this.releaseAll();
      return undefined;
    }
    while (this.idle.length > 0) {
      const { connection } = this.idle.pop()!;
      if (reusable(connection)) {
        this.busy++;
        return connection;
      }
      void this.client.releaseConnection(connection);
    }
    return undefined;
  }

  /** From the pool, or the next one put back here when the pool has none to lend and statements of ours are running. */
  private nextConnection(): Promise<C> {
    const pool = this.client.pool;
    const exhausted = pool && pool.numFree() === 0 && pool.numUsed() + pool.numPendingCreates() >= pool.max;
    if (!exhausted || this.busy + this.acquiring === 0 || this.othersWaiting()) return this.acquire();
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject, deadline: performance.now() + pool.acquireTimeoutMillis });
      this.expiry ??= setTimeout(() => this.expireWaiters(), pool.acquireTimeoutMillis);
    });
  }

  private putBack(connection: C): void {
    const healthy = reusable(connection);
    if (!healthy || this.poolQueue() > 0) {
      void this.client.releaseConnection(connection);
      // The pool has room again after discarding a failed connection: one waiting here goes there.
      const waiter = healthy ? undefined : this.waiting.shift();
      if (waiter) this.fromPool(waiter);
      this.unstrandWaiters();
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      this.busy++;
      return waiter.resolve(connection);
    }
    this.idle.push({ connection, since: performance.now() });
    this.sweep ??= setTimeout(() => this.releaseUnused(), this.holdMs);
  }

  /** From the pool's own queue, counted while under way. */
  private async acquire(): Promise<C> {
    this.acquiring++;
    try {
      const connection = await this.client.acquireConnection();
      this.acquiring--;
      this.busy++;
      return connection;
    } catch (error) {
      this.acquiring--;
      this.unstrandWaiters();
      throw error;
    }
  }

  /** A waiter sent to the pool's queue, within what is left of its time. */
  private fromPool(waiter: Waiter<C>): void {
    const left = waiter.deadline - performance.now();
    if (left <= 0) return waiter.reject(acquireTimeout());
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      waiter.reject(acquireTimeout());
    }, left);
    this.acquire().then(
      (connection) => {
        clearTimeout(timer);
        if (!timedOut) return waiter.resolve(connection);
        this.busy--;
        this.putBack(connection);
      },
      (error: Error) => {
        clearTimeout(timer);
        waiter.reject(error);
      },
    );
  }

  /** Those waiting here go to the pool once no connection of ours is lent or on its way (none would come back). */
  private unstrandWaiters(): void {
    if (this.busy + this.acquiring === 0) for (const waiter of this.waiting.splice(0)) this.fromPool(waiter);
  }

  private expireWaiters(): void {
    this.expiry = undefined;
    const now = performance.now();
    while (this.waiting.length > 0 && this.waiting[0].deadline <= now) this.waiting.shift()!.reject(acquireTimeout());
    if (this.waiting.length > 0) this.expiry = setTimeout(() => this.expireWaiters(), this.waiting[0].deadline - now);
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

  /** Acquires waiting in the pool's queue, ours included. */
  private poolQueue(): number {
    return this.client.pool?.numPendingAcquires() ?? 0;
  }

  /** Whether anyone but us waits in the pool's queue: a statement of ours then queues there too, behind them. */
  private othersWaiting(): boolean {
    return this.poolQueue() > this.acquiring;
  }
}

function reusable(connection: PooledConnection & { __knex__disposed?: unknown }): boolean {
  return !connection.__knex__disposed && poolHygiene.validate(connection);
}

/** As the pool words it, so it is answered as the pool's own timeout is (503, database_unavailable). */
function acquireTimeout(): Error {
  return new Error('Timeout acquiring a connection. The pool is probably full.');
}
