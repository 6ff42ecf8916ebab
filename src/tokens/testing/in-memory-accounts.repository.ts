import { Account } from '../domain/account';
import { EmailTakenError } from '../domain/account-errors';
import { AccountsRepository } from '../domain/accounts.repository';
import { ApiToken } from '../domain/api-token';

/** The same contract as the MikroORM adapter, in memory, for service tests. */
export class InMemoryAccountsRepository extends AccountsRepository {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, ApiToken>();

  async findByEmail(email: string): Promise<Account | null> {
    return copy([...this.accounts.values()].find((account) => account.email === email) ?? null);
  }

  async findById(id: string): Promise<Account | null> {
    return copy(this.accounts.get(id) ?? null);
  }

  async listByEmail(afterEmail: string | undefined, limit: number): Promise<Account[]> {
    return [...this.accounts.values()]
      .filter((account) => afterEmail === undefined || account.email > afterEmail)
      .sort((a, b) => (a.email < b.email ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }

  async create(account: Account): Promise<void> {
    if ([...this.accounts.values()].some((existing) => existing.email === account.email)) throw new EmailTakenError();
    this.accounts.set(account.id, copy(account));
  }

  async update(account: Account): Promise<void> {
    this.accounts.set(account.id, copy(account));
  }

  async findTokenByDigest(digest: string): Promise<{ token: ApiToken; account: Account } | null> {
    const token = [...this.tokens.values()].find((candidate) => candidate.digest === digest);
    const account = token && this.accounts.get(token.accountId);
    return token && account ? { token: copy(token), account: copy(account) } : null;
  }

  async findTokenOfAccount(accountId: string): Promise<ApiToken | null> {
    return copy(this.tokens.get(accountId) ?? null);
  }

  async replaceToken(token: ApiToken): Promise<void> {
    this.tokens.set(token.accountId, copy(token));
  }

  async replaceTokenIf(token: ApiToken, replacing: string | null): Promise<boolean> {
    if ((this.tokens.get(token.accountId)?.id ?? null) !== replacing) return false;
    this.tokens.set(token.accountId, copy(token));
    return true;
  }

  async delete(accountId: string): Promise<void> {
    this.accounts.delete(accountId);
    this.tokens.delete(accountId);
  }

  async revokeToken(accountId: string): Promise<boolean> {
    return this.tokens.delete(accountId);
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    const token = [...this.tokens.values()].find((candidate) => candidate.id === tokenId);
    if (token?.isLastUsedStale(at)) token.lastUsedAt = at;
  }
}

/** Stored objects are copies, as rows are: mutating a returned object changes nothing until saved. */
function copy<T extends object | null>(value: T): T {
  return value === null ? value : Object.assign(Object.create(Object.getPrototypeOf(value)), value);
}
