import { Account } from './account';
import { ApiToken } from './api-token';

/** Persistence port for accounts and their API token. */
export abstract class AccountsRepository {
  abstract findByEmail(email: string): Promise<Account | null>;
  /** Inserts a new account; raises EmailTakenError when the email is in use. */
  abstract create(account: Account): Promise<void>;
  abstract update(account: Account): Promise<void>;
  /** The token with this digest and its account, in one lookup. */
  abstract findTokenByDigest(digest: string): Promise<{ token: ApiToken; account: Account } | null>;
  abstract findTokenOfAccount(accountId: string): Promise<ApiToken | null>;
  /** Makes `token` the account's only token in one atomic step; the previous one stops working at once. */
  abstract replaceToken(token: ApiToken): Promise<void>;
  /** Deletes the account's token; returns whether there was one. */
  abstract revokeToken(accountId: string): Promise<boolean>;
  /** Records a use, skipping the write when another instance recorded one within the resolution. */
  abstract touchToken(tokenId: string, at: Date): Promise<void>;
}
