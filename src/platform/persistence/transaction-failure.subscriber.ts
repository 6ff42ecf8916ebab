import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';

/** What knex's transaction object offers beyond MikroORM's opaque `Transaction`. */
interface KnexTransactor {
  isCompleted?: () => boolean;
  /** Settles when the transaction ends; rejected with the error that ended it. */
  executionPromise?: Promise<unknown>;
  /** The transaction's own client, whose one connection is the transaction's (a pg Client). */
  client?: { acquireConnection?: () => Promise<PgConnection | undefined> };
}

/** The parts of a pg Client used here. */
interface PgConnection {
  /** false while a statement it sent has not been answered. */
  readyForQuery?: boolean;
  connection?: { stream?: { destroy(): void } };
}

/**
 * Keeps transactions that meet a failed or hung database inside the 503 promise (an answer within
 * 2 × DATABASE_TIMEOUT_MS, never a 500), where knex alone would not:
 * - knex swallows an error of `BEGIN` and hands out a transaction that has already ended, so the first statement
 *   fails with "Transaction query already complete", which says nothing about the database (a 500). The real
 *   cause is raised instead, before any statement runs, for the one classifier (`isDatabaseUnavailable`).
 * - after a statement timed out on the client (the server hung), `ROLLBACK` would queue behind the unanswered
 *   statement and wait out a second timeout. The connection is dropped instead: PostgreSQL rolls back a
 *   transaction whose connection ends, and the pool replaces it.
 */
export class TransactionFailureSubscriber implements EventSubscriber {
  async afterTransactionStart({ transaction }: TransactionEventArgs): Promise<void> {
    const transactor = transaction as KnexTransactor | undefined;
    if (!transactor?.isCompleted?.()) return;
    await transactor.executionPromise;
    throw new TransactionEndedBeforeStartError();
  }

  async beforeTransactionRollback({ transaction }: TransactionEventArgs): Promise<void> {
    const connection = await (transaction as KnexTransactor | undefined)?.client?.acquireConnection?.();
    if (connection?.readyForQuery === false) connection.connection?.stream?.destroy();
  }
}

/** The transaction was over before it began, with no error to tell why (knex resolved it): treat as the connection's fault. */
export class TransactionEndedBeforeStartError extends Error {
  constructor() {
    super('The database transaction ended before it began: its connection failed.');
    this.name = 'TransactionEndedBeforeStartError';
  }
}
