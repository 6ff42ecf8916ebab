import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows, writeRows } from '../persistence/sql';
import { IdempotencyRecord, IdempotencyScope, IdempotencyStore, StoredResponse } from './idempotency.store';

interface IdempotencyRow {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  locked_at: Date;
  response: StoredResponse | null;
}

/** Idempotency keys in PostgreSQL through the persistence helper (docs/design/persistence.md). */
@Injectable()
export class PostgresIdempotencyStore extends IdempotencyStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async claim(scope: IdempotencyScope, fingerprint: string, now: Date, expiresAt: Date): Promise<boolean> {
    await writeRows(this.em, 'delete from idempotency_keys where account_id = ? and expires_at <= ?', [scope.accountId, now]);
    const inserted = await queryRows<unknown>(
      this.em,
      `insert into idempotency_keys (account_id, key, fingerprint, state, locked_at, created_at, expires_at)
       values (?, ?, ?, 'in_progress', ?, ?, ?)
       on conflict (account_id, key) do nothing
       returning key`,
      [scope.accountId, scope.key, fingerprint, now, now, expiresAt],
    );
    return inserted.length === 1;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
    const [row] = await queryRows<IdempotencyRow>(
      this.em,
      'select fingerprint, state, locked_at, response from idempotency_keys where account_id = ? and key = ?',
      [scope.accountId, scope.key],
    );
    if (!row) return null;
    return row.state === 'completed' && row.response
      ? { state: 'completed', fingerprint: row.fingerprint, response: row.response }
      : { state: 'in_progress', fingerprint: row.fingerprint, lockedAt: new Date(row.locked_at) };
  }

  async reclaim(scope: IdempotencyScope, previousLock: Date, now: Date): Promise<boolean> {
    const updated = await queryRows<unknown>(
      this.em,
      `update idempotency_keys set locked_at = ?
        where account_id = ? and key = ? and state = 'in_progress' and locked_at = ?
        returning key`,
      [now, scope.accountId, scope.key, previousLock],
    );
    return updated.length === 1;
  }

  async complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    await writeRows(
      this.em,
      `update idempotency_keys set state = 'completed', response = ?::jsonb where account_id = ? and key = ?`,
      [JSON.stringify(response), scope.accountId, scope.key],
    );
  }

  async release(scope: IdempotencyScope): Promise<void> {
    await writeRows(this.em, `delete from idempotency_keys where account_id = ? and key = ? and state = 'in_progress'`, [
      scope.accountId,
      scope.key,
    ]);
  }
}
