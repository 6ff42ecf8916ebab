import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
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
