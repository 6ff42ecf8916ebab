import { Account } from './account';
import { ApiToken } from './api-token';

/** Persistence port for accounts and their API token. */
export abstract class AccountsRepository {
  abstract findByEmail(email: string): Promise<Account | null>;
  abstract findById(id: string): Promise<Account | null>;
  /** Up to `limit` accounts in email order, starting after `afterEmail` when given. */
  abstract listByEmail(afterEmail: string | undefined, limit: number): Promise<Account[]>;
  /** Inserts a new account; raises EmailTakenError when the email is in use. */
  abstract create(account: Account): Promise<void>;
  abstract update(account: Account): Promise<void>;
  /** The token with this digest and its account, in one lookup. */
  abstract findTokenByDigest(digest: string): Promise<{ token: ApiToken; account: Account } | null>;
  abstract findTokenOfAccount(accountId: string): Promise<ApiToken | null>;
  /** Makes `token` the account's only token in one atomic step; the previous one stops working at once. */
  abstract replaceToken(token: ApiToken): Promise<void>;
  /**
   * Compare-and-swap: stores `token` only if the account's current token is `replacing` (null: it has none).
   * Returns whether it did, so a form submitted twice replaces the token once.
   */
  abstract replaceTokenIf(token: ApiToken, replacing: string | null): Promise<boolean>;
  /** Deletes the account's token; returns whether there was one. */
  abstract revokeToken(accountId: string): Promise<boolean>;
  /**
   * Deletes the account. Its token, tournaments, leagues, idempotency keys and page sessions go with it:
   * every table of customer data references accounts(id) with `on delete cascade` (see the migrations).
   */
  abstract delete(accountId: string): Promise<void>;
  /** Records a use, skipping the write when another instance recorded one within the resolution. */
  abstract touchToken(tokenId: string, at: Date): Promise<void>;
}
