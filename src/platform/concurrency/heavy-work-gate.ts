import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DomainError } from '../../kernel/domain-error';
import { queryRows } from '../persistence/sql';

/** The account already has as many heavy operations in flight as it may (429, with Retry-After). */
export class TooManyConcurrentError extends DomainError {
  /** Heavy operations finish within seconds. */
  readonly retryAfterSeconds = 2;

  constructor(limit: number) {
    super(
      'too_many_concurrent',
      `Your account already has ${limit} large operation${limit === 1 ? '' : 's'} (starting a tournament, a correction that resets results, a bulk registration) in progress. Retry when one has finished.`,
      { limit },
    );
  }
}

/**
 * At most N heavy operations of one account at a time, across every instance of the service: a start, a
 * correction that resets results, a bulk registration (docs/design/bounded-work.md). Called first thing inside the
 * operation's UnitOfWork; the slot is held until that transaction ends, however it ends.
 */
export abstract class HeavyWorkGate {
  /** Takes one of the account's slots for the current transaction, or throws TooManyConcurrentError. */
  abstract enter(accountId: string): Promise<void>;
}

/** The advisory-lock namespace of the slots (two-key form, so it never meets the migrations' one-key lock). */
export const HEAVY_WORK_LOCK_SPACE = 26_001;

/**
 * Slots as PostgreSQL transaction-level advisory locks, keyed by (account, slot number): every instance shares
 * the database, so the limit holds across processes, and a crashed process's slots free with its connection.
 * Two accounts whose keys hash alike share slots: rare, and only ever stricter.
 */
@Injectable()
export class PgHeavyWorkGate extends HeavyWorkGate {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async enter(accountId: string): Promise<void> {
    const limit = this.config.heavyOperationsPerAccount;
    // LIMIT 1 stops at the first slot taken: the filter runs slot by slot, and never takes two.
    const taken = await queryRows<{ slot: number }>(
      this.em,
      `select slot from generate_series(0, ? - 1) as slot
        where pg_try_advisory_xact_lock(?, hashtext(? || ':' || slot)) limit 1`,
      [limit, HEAVY_WORK_LOCK_SPACE, accountId],
    );
    if (taken.length === 0) throw new TooManyConcurrentError(limit);
  }
}

/** For service specs on in-memory adapters: no transactions, so no operation overlaps another. */
export class UnlimitedHeavyWorkGate extends HeavyWorkGate {
  async enter(): Promise<void> {}
}
