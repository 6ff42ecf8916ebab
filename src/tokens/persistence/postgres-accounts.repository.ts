import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { violatedConstraint } from '../../platform/persistence/database-errors';
import { PlainRows } from '../../platform/persistence/plain-rows';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { Account } from '../domain/account';
import { EmailTakenError } from '../domain/account-errors';
import { AccountsRepository } from '../domain/accounts.repository';
import { ApiToken, LAST_USED_RESOLUTION_MS } from '../domain/api-token';
import { AccountSchema, ApiTokenSchema } from './account.schema';

/** Never rewritten by an update. */
const IMMUTABLE_COLUMNS = new Set(['id', 'created_at']);

type Row = Record<string, unknown>;

/**
 * Accounts and their API tokens in PostgreSQL through the persistence helper (docs/design/persistence.md):
 * prepared statements, rows mapped from the EntitySchemas to plain Account and ApiToken objects.
 */
@Injectable()
export class PostgresAccountsRepository extends AccountsRepository {
  private readonly accountRows: PlainRows<Account>;
  private readonly tokenRows: PlainRows<ApiToken>;

  constructor(private readonly em: EntityManager) {
    super();
    this.accountRows = new PlainRows(em, AccountSchema);
    this.tokenRows = new PlainRows(em, ApiTokenSchema);
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.oneAccount('select * from accounts where email = ?', [email]);
  }

  findById(id: string): Promise<Account | null> {
    return this.oneAccount('select * from accounts where id = ?', [id]);
  }

  /** Keyset on the (unique, lower-cased) email: one page at a time, however many accounts there are. */
  async listByEmail(afterEmail: string | undefined, limit: number): Promise<Account[]> {
    const rows =
      afterEmail === undefined
        ? await queryRows<Row>(this.em, 'select * from accounts order by email asc limit ?', [limit])
        : await queryRows<Row>(this.em, 'select * from accounts where email > ? order by email asc limit ?', [afterEmail, limit]);
    return rows.map((row) => this.accountRows.toEntity(row));
  }

  async create(account: Account): Promise<void> {
    const { sql, values } = this.accountRows.insert('accounts', account);
    try {
      await writeRows(this.em, sql, values);
    } catch (error) {
      if (violatedConstraint(error, 'unique')) throw new EmailTakenError();
      throw error;
    }
  }

  async update(account: Account): Promise<void> {
    const assignments = this.accountRows.assignments(account, IMMUTABLE_COLUMNS);
    await writeRows(this.em, `update accounts set ${assignments.sql} where id = ?`, [...assignments.values, account.id]);
  }

  /** One indexed join per authenticated request; nothing is cached, so a replaced token fails at once everywhere. */
  async findTokenByDigest(digest: string): Promise<{ token: ApiToken; account: Account } | null> {
    const [row] = await queryRows<Row>(
      this.em,
      `select t.id as token_id, t.account_id, t.digest, t.last_four, t.created_at as token_created_at, t.last_used_at,
              a.id, a.email, a.password_hash, a.plan, a.created_at, a.updated_at
         from api_tokens t join accounts a on a.id = t.account_id
        where t.digest = ?`,
      [digest],
    );
    if (!row) return null;
    const token = this.tokenRows.toEntity({ ...row, id: row.token_id, created_at: row.token_created_at });
    return { token, account: this.accountRows.toEntity(row) };
  }

  async findTokenOfAccount(accountId: string): Promise<ApiToken | null> {
    const [row] = await queryRows<Row>(this.em, 'select * from api_tokens where account_id = ?', [accountId]);
    return row ? this.tokenRows.toEntity(row) : null;
  }

  /** A single upsert on the unique account_id: there is never a moment with two tokens, or none. */
  async replaceToken(token: ApiToken): Promise<void> {
    await writeRows(
      this.em,
      `insert into api_tokens (id, account_id, digest, last_four, created_at, last_used_at)
       values (?, ?, ?, ?, ?, null)
       on conflict (account_id) do update
         set id = excluded.id, digest = excluded.digest, last_four = excluded.last_four,
             created_at = excluded.created_at, last_used_at = null`,
      [token.id, token.accountId, token.digest, token.lastFour, token.createdAt],
    );
  }

  async replaceTokenIf(token: ApiToken, replacing: string | null): Promise<boolean> {
    const values = [token.id, token.digest, token.lastFour, token.createdAt];
    const changed =
      replacing === null
        ? await writeRows(
            this.em,
            `insert into api_tokens (id, digest, last_four, created_at, account_id, last_used_at)
             values (?, ?, ?, ?, ?, null) on conflict (account_id) do nothing`,
            [...values, token.accountId],
          )
        : await writeRows(
            this.em,
            `update api_tokens set id = ?, digest = ?, last_four = ?, created_at = ?, last_used_at = null
              where account_id = ? and id = ?`,
            [...values, token.accountId, replacing],
          );
    return changed === 1;
  }

  async delete(accountId: string): Promise<void> {
    await writeRows(this.em, 'delete from accounts where id = ?', [accountId]);
  }

  async revokeToken(accountId: string): Promise<boolean> {
    return (await writeRows(this.em, 'delete from api_tokens where account_id = ?', [accountId])) > 0;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    await writeRows(
      this.em,
      `update api_tokens set last_used_at = ?
        where id = ? and (last_used_at is null or last_used_at <= ?)`,
      [at, tokenId, new Date(at.getTime() - LAST_USED_RESOLUTION_MS)],
    );
  }

  private async oneAccount(sql: string, values: unknown[]): Promise<Account | null> {
    const [row] = await queryRows<Row>(this.em, sql, values);
    return row ? this.accountRows.toEntity(row) : null;
  }
}
