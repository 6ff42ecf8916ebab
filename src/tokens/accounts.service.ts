import { Injectable } from '@nestjs/common';
import { Account, isEmail, normaliseEmail } from './domain/account';
import {
  AccountNotFoundError,
  InvalidAccountError,
  InvalidTokenError,
  SubscriptionRequiredError,
} from './domain/account-errors';
import { AccountsRepository } from './domain/accounts.repository';
import { ApiToken } from './domain/api-token';
import { hashPassword, MIN_PASSWORD_LENGTH } from './domain/password';
import { Plan } from './domain/plan';
import { isWellFormedToken, tokenDigest } from './domain/token-format';

/** The caller of an API request, once its token has been checked. */
export interface AuthenticatedAccount {
  id: string;
  email: string;
}

/** Use cases of accounts, plans and API tokens: the admin command line and the bearer guard call these. */
@Injectable()
export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  async createAccount(input: { email: string; plan: Plan; password?: string }): Promise<Account> {
    if (!isEmail(input.email)) throw InvalidAccountError.field('/email', 'must be an email address.');
    if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
      throw InvalidAccountError.field('/password', `must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    }
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const account = Account.create(input.email, input.plan, passwordHash);
    await this.accounts.create(account);
    return account;
  }

  async setPlan(email: string, plan: Plan): Promise<Account> {
    const account = await this.requireAccount(email);
    account.changePlan(plan);
    await this.accounts.update(account);
    return account;
  }

  /** Issues a new token, replacing (and so invalidating) any previous one. Returns the plaintext, shown once. */
  async generateToken(email: string): Promise<string> {
    const account = await this.requireAccount(email);
    const { token, plaintext } = ApiToken.issue(account.id);
    await this.accounts.replaceToken(token);
    return plaintext;
  }

  async revokeToken(email: string): Promise<boolean> {
    const account = await this.requireAccount(email);
    return this.accounts.revokeToken(account.id);
  }

  async tokenOf(accountId: string): Promise<ApiToken | null> {
    return this.accounts.findTokenOfAccount(accountId);
  }

  /**
   * The account behind a bearer token, or the reason there is none. A token
   * with a bad checksum is refused without touching the database.
   */
  async authenticate(plaintext: string, now = new Date()): Promise<AuthenticatedAccount> {
    if (!isWellFormedToken(plaintext)) throw new InvalidTokenError();
    const found = await this.accounts.findTokenByDigest(tokenDigest(plaintext));
    if (!found) throw new InvalidTokenError();
    if (!found.account.hasApiAccess()) throw new SubscriptionRequiredError();
    if (found.token.isLastUsedStale(now)) await this.accounts.touchToken(found.token.id, now);
    return { id: found.account.id, email: found.account.email };
  }

  private async requireAccount(email: string): Promise<Account> {
    const account = await this.accounts.findByEmail(normaliseEmail(email));
    if (!account) throw new AccountNotFoundError(email);
    return account;
  }
}
