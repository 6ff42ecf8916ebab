import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { openTransaction, queryRows } from './sql';

/** Runs work in one database transaction: everything in it commits together or not at all. */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;

  /**
   * Awaits computation done away from the database (a worker thread) while the current transaction stays open:
   * the database would otherwise end a transaction idle for longer than its bound, taken for an abandoned one.
   */
  abstract whileComputing<T>(computation: () => Promise<T>): Promise<T>;
}

/** Repositories calling the injected EntityManager inside `work` join the transaction (MikroORM's transaction context). */
@Injectable()
export class MikroOrmUnitOfWork extends UnitOfWork {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }

  async whileComputing<T>(computation: () => Promise<T>): Promise<T> {
    // For this transaction only: idle as long as a worker task may run (it is bounded), plus the usual bound.
    const bound = this.config.workTaskTimeoutMs + 5 * this.config.databaseTimeoutMs;
    if (openTransaction(this.em)) await queryRows(this.em, `select set_config('idle_in_transaction_session_timeout', ?, true)`, [`${bound}ms`]);
    return computation();
  }
}

/** For service tests on in-memory adapters, which have no transactions to open. */
export class ImmediateUnitOfWork extends UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  whileComputing<T>(computation: () => Promise<T>): Promise<T> {
    return computation();
  }
}
