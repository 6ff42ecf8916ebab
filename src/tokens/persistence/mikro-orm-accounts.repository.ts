import { EntityManager, QueryResult, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Account } from '../domain/account';
import { EmailTakenError } from '../domain/account-errors';
import { AccountsRepository } from '../domain/accounts.repository';
import { ApiToken, LAST_USED_RESOLUTION_MS } from '../domain/api-token';
import { AccountSchema, ApiTokenSchema } from './account.schema';

@Injectable()
export class MikroOrmAccountsRepository extends AccountsRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.em.findOne(AccountSchema, { email });
  }

  findById(id: string): Promise<Account | null> {
    return this.em.findOne(AccountSchema, { id });
  }

  /** Keyset on the (unique, lower-cased) email; not kept in the identity map, so paging through every account stays flat. */
  listByEmail(afterEmail: string | undefined, limit: number): Promise<Account[]> {
    const where = afterEmail === undefined ? {} : { email: { $gt: afterEmail } };
    return this.em.find(AccountSchema, where, { orderBy: { email: 'asc' }, limit, disableIdentityMap: true });
  }

  async create(account: Account): Promise<void> {
    try {
      await this.em.persistAndFlush(account);
    } catch (error) {
      this.em.clear();
      if (error instanceof UniqueConstraintViolationException) throw new EmailTakenError();
      throw error;
    }
  }

  async update(account: Account): Promise<void> {
    await this.em.persistAndFlush(account);
  }

  /** One indexed join per authenticated request; nothing is cached, so a replaced token fails at once everywhere. */
  async findTokenByDigest(digest: string): Promise<{ token: ApiToken; account: Account } | null> {
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select t.id as token_id, t.account_id, t.digest, t.last_four, t.created_at as token_created_at, t.last_used_at,
              a.id, a.email, a.password_hash, a.plan, a.created_at, a.updated_at
         from api_tokens t join accounts a on a.id = t.account_id
        where t.digest = ?`,
      [digest],
    );
    const row = rows[0];
    if (!row) return null;
    const tokenRow = {
      id: row.token_id,
      account_id: row.account_id,
      digest: row.digest,
      last_four: row.last_four,
      created_at: row.token_created_at,
      last_used_at: row.last_used_at,
    };
    const token = this.em.map(ApiTokenSchema, tokenRow as never);
    const account = this.em.map(AccountSchema, row as never);
    return { token, account };
  }

  findTokenOfAccount(accountId: string): Promise<ApiToken | null> {
    return this.em.findOne(ApiTokenSchema, { accountId });
  }

  /** A single upsert on the unique account_id: there is never a moment with two tokens, or none. */
  async replaceToken(token: ApiToken): Promise<void> {
    await this.em.execute(
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
    const result =
      replacing === null
        ? await this.em.execute<QueryResult>(
            `insert into api_tokens (id, digest, last_four, created_at, account_id, last_used_at)
             values (?, ?, ?, ?, ?, null) on conflict (account_id) do nothing`,
            [...values, token.accountId],
            'run',
          )
        : await this.em.execute<QueryResult>(
            `update api_tokens set id = ?, digest = ?, last_four = ?, created_at = ?, last_used_at = null
              where account_id = ? and id = ?`,
            [...values, token.accountId, replacing],
            'run',
          );
    return result.affectedRows === 1;
  }

  async delete(accountId: string): Promise<void> {
    await this.em.nativeDelete(AccountSchema, { id: accountId });
    this.em.clear();
  }

  async revokeToken(accountId: string): Promise<boolean> {
    const deleted = await this.em.nativeDelete(ApiTokenSchema, { accountId });
    return deleted > 0;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    await this.em.execute(
      `update api_tokens set last_used_at = ?
        where id = ? and (last_used_at is null or last_used_at <= ?)`,
      [at, tokenId, new Date(at.getTime() - LAST_USED_RESOLUTION_MS)],
    );
  }
}
