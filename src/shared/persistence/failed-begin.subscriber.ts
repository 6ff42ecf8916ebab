import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';

/** What knex's transaction object offers beyond MikroORM's opaque `Transaction`. */
interface KnexTransactor {
  isCompleted?: () => boolean;
  /** Settles when the transaction ends; rejected with the error that ended it. */
  executionPromise?: Promise<unknown>;
}

/**
 * knex swallows an error of `BEGIN` (a hung or lost connection) and hands out a transaction that has already
 * ended, so the first statement fails with "Transaction query already complete", which says nothing about the
 * database. This brings the real cause back before any statement runs, so the one classifier
 * (`isDatabaseUnavailable`) sees the timeout or the lost connection and the client gets a 503.
 */
export class FailedBeginSubscriber implements EventSubscriber {
  async afterTransactionStart({ transaction }: TransactionEventArgs): Promise<void> {
    const transactor = transaction as KnexTransactor | undefined;
    if (!transactor?.isCompleted?.()) return;
    await transactor.executionPromise;
    throw new TransactionEndedBeforeStartError();
  }
}

/** The transaction was over before it began, with no error to tell why (knex resolved it): treat as the connection's fault. */
export class TransactionEndedBeforeStartError extends Error {
  constructor() {
    super('The database transaction ended before it began: its connection failed.');
    this.name = 'TransactionEndedBeforeStartError';
  }
}
