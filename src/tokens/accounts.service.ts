import { Injectable } from '@nestjs/common';
import { Account, isEmail, normaliseEmail } from './domain/account';
import {
  AccountNotFoundError,
  InvalidAccountError,
  InvalidTokenError,
  SubscriptionRequiredError,
  TokenChangedError,
  WrongPasswordError,
} from './domain/account-errors';
import { AccountsRepository } from './domain/accounts.repository';
import { ApiToken, isLastUseStale } from './domain/api-token';
import { characterCount, hasControlCharacter } from '../kernel/validation';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './domain/password';
import { Plan } from './domain/plan';
import { isWellFormedToken, tokenDigest } from './domain/token-format';
import { Principal, PrincipalCache } from './principal-cache';

/** The caller of an API request, once its token has been checked. */
export interface AuthenticatedAccount {
  id: string;
  email: string;
}

/** What a token lookup found: its principal, or why there is none (each request raises its own error). */
type Lookup = Principal | 'unknown' | 'no api access';

/**
 * Use cases of accounts, plans and API tokens: the admin command line, the
 * bearer guard and the account pages call these (never the repository), so
 * every change of a plan, token or account goes through one place.
 */
@Injectable()
export class AccountsService {
  /** Checked against when the email is unknown, so a failed sign-in costs the same either way. */
  private decoyHash: Promise<string> | undefined;
  /** Token lookups in flight, by digest, with the cache's stamp when each began (see lookUpOnce). */
  private readonly lookups = new Map<string, { stamp: number; answer: Promise<Lookup> }>();

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly principals: PrincipalCache,
  ) {}

  async createAccount(input: { email: string; plan: Plan; password?: string }): Promise<Account> {
    const problems = [];
    if (input.email.trim() === '') problems.push({ pointer: '/email', detail: 'Enter your email address.' });
    else if (!isEmail(input.email)) problems.push({ pointer: '/email', detail: 'Enter an email address such as name@example.com.' });
    if (input.password === '') problems.push({ pointer: '/password', detail: 'Enter a password.' });
    else if (input.password !== undefined && characterCount(input.password) < MIN_PASSWORD_LENGTH) {
      problems.push({ pointer: '/password', detail: `Use at least ${MIN_PASSWORD_LENGTH} characters.` });
    } else if (input.password !== undefined && hasControlCharacter(input.password)) {
      problems.push({ pointer: '/password', detail: 'Use no control characters (such as NUL or a line break).' });
    }
    if (problems.length > 0) throw new InvalidAccountError(problems);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const account = Account.create(input.email, input.plan, passwordHash);
    await this.accounts.create(account);
    return account;
  }

  /** Sign-up from the account pages: a free account with a password. */
  signUp(email: string, password: string): Promise<Account> {
    return this.createAccount({ email, plan: 'free', password });
  }

  /** The account whose email and password these are, or null; unknown email and wrong password are indistinguishable. */
  async verifyCredentials(email: string, password: string): Promise<Account | null> {
    const account = isEmail(email) ? await this.accounts.findByEmail(normaliseEmail(email)) : null;
    const hash = account?.passwordHash ?? (await (this.decoyHash ??= hashPassword('decoy password, never matches')));
    const matches = await verifyPassword(password, hash);
    return account?.passwordHash && matches ? account : null;
  }

  accountById(id: string): Promise<Account | null> {
    return this.accounts.findById(id);
  }

  async changePlan(accountId: string, plan: Plan): Promise<Account> {
    const account = await this.requireAccountById(accountId);
    account.changePlan(plan);
    await this.accounts.update(account);
    this.principals.invalidateAccount(account.id);
    return account;
  }

  /**
   * Generate or regenerate from the settings page: only on the premium plan, and only if the current token is
   * still the one the page showed (`replacing`, null for none); otherwise TokenChangedError and nothing changes.
   */
  async issueToken(accountId: string, replacing: string | null): Promise<string> {
    const account = await this.requireAccountById(accountId);
    if (!account.hasApiAccess()) throw new SubscriptionRequiredError();
    const { token, plaintext } = ApiToken.issue(account.id);
    if (!(await this.accounts.replaceTokenIf(token, replacing))) throw new TokenChangedError();
    this.principals.invalidateAccount(account.id);
    return plaintext;
  }

  /** Deletes the account and everything it owns, once its password confirms it. */
  async deleteAccount(accountId: string, password: string): Promise<void> {
    const account = await this.requireAccountById(accountId);
    if (!account.passwordHash || !(await verifyPassword(password, account.passwordHash))) throw new WrongPasswordError();
    await this.accounts.delete(account.id);
    this.principals.invalidateAccount(account.id);
  }

  /** The operator's delete (the command line): no password, the operator has the database already. */
  async deleteAccountByEmail(email: string): Promise<Account> {
    const account = await this.requireAccount(email);
    await this.accounts.delete(account.id);
    this.principals.invalidateAccount(account.id);
    return account;
  }

  async setPlan(email: string, plan: Plan): Promise<Account> {
    const account = await this.requireAccount(email);
    account.changePlan(plan);
    await this.accounts.update(account);
    this.principals.invalidateAccount(account.id);
    return account;
  }

  /** Issues a new token, replacing (and so invalidating) any previous one. Returns the plaintext, shown once. */
  async generateToken(email: string): Promise<string> {
    const account = await this.requireAccount(email);
    const { token, plaintext } = ApiToken.issue(account.id);
    await this.accounts.replaceToken(token);
    this.principals.invalidateAccount(account.id);
    return plaintext;
  }

  async revokeToken(email: string): Promise<boolean> {
    const account = await this.requireAccount(email);
    const revoked = await this.accounts.revokeToken(account.id);
    this.principals.invalidateAccount(account.id);
    return revoked;
  }

  /** One page of accounts in email order; pass the last email of a page to get the next. */
  listAccounts(afterEmail: string | undefined, limit: number): Promise<Account[]> {
    return this.accounts.listByEmail(afterEmail === undefined ? undefined : normaliseEmail(afterEmail), limit);
  }

  /** The account with this email and its token (null when it has none). */
  async findWithToken(email: string): Promise<{ account: Account; token: ApiToken | null }> {
    const account = await this.requireAccount(email);
    return { account, token: await this.accounts.findTokenOfAccount(account.id) };
  }

  async tokenOf(accountId: string): Promise<ApiToken | null> {
    return this.accounts.findTokenOfAccount(accountId);
  }

  /**
   * The account behind a bearer token, or the reason there is none. A token
   * with a bad checksum is refused without touching the database; a known one
   * is answered from the principal cache (changes on this instance invalidate
   * it here at once, changes anywhere else through the database's notifications).
   */
  async authenticate(plaintext: string, now = new Date()): Promise<AuthenticatedAccount> {
    if (!isWellFormedToken(plaintext)) throw new InvalidTokenError();
    const digest = tokenDigest(plaintext);
    const cached = this.principals.get(digest);
    if (cached) return this.recordUse(cached, now);
    const found = await this.lookUpOnce(digest);
    if (found === 'unknown') throw new InvalidTokenError();
    if (found === 'no api access') throw new SubscriptionRequiredError();
    return this.recordUse(found, now);
  }

  /**
   * Of these token digests, those that still authenticate an account with API access, read from the database
   * (not the cache): for requests that outlive one answer, such as event streams, which end when this changes.
   */
  async digestsWithApiAccess(digests: string[]): Promise<Set<string>> {
    const accepted = new Set<string>();
    for (const digest of new Set(digests)) {
      const found = await this.accounts.findTokenByDigest(digest);
      if (found?.account.hasApiAccess()) accepted.add(digest);
    }
    return accepted;
  }

  /**
   * The token's principal from the database. While the cache is live, requests with the same token share a
   * lookup already in flight, so an entry that expires under load costs one query, not one for every request in
   * flight at that moment (each of which queued for a pool connection first). A request joins only if nothing was
   * invalidated since the lookup began (the cache's stamp), and never while the cache is suspended: then every
   * request reads the database itself.
   */
  private lookUpOnce(digest: string): Promise<Lookup> {
    const stamp = this.principals.stamp();
    if (!this.principals.isLive) return this.lookUp(digest, stamp);
    const inFlight = this.lookups.get(digest);
    if (inFlight?.stamp === stamp) return inFlight.answer;
    const answer = this.lookUp(digest, stamp);
    this.lookups.set(digest, { stamp, answer });
    const settled = () => {
      if (this.lookups.get(digest)?.answer === answer) this.lookups.delete(digest);
    };
    answer.then(settled, settled);
    return answer;
  }

  private async lookUp(digest: string, stamp: number): Promise<Lookup> {
    const found = await this.accounts.findTokenByDigest(digest);
    if (!found) return 'unknown';
    if (!found.account.hasApiAccess()) return 'no api access';
    const principal: Principal = {
      account: { id: found.account.id, email: found.account.email },
      tokenId: found.token.id,
      lastUsedAt: found.token.lastUsedAt,
    };
    this.principals.set(digest, principal, stamp);
    return principal;
  }

  /** last_used_at, written at most once a minute per token (claimed before the write, so concurrent requests do not all write). */
  private async recordUse(principal: Principal, now: Date): Promise<AuthenticatedAccount> {
    if (isLastUseStale(principal.lastUsedAt, now)) {
      principal.lastUsedAt = now;
      await this.accounts.touchToken(principal.tokenId, now);
    }
    return principal.account;
  }

  private async requireAccountById(id: string): Promise<Account> {
    const account = await this.accounts.findById(id);
    if (!account) throw new AccountNotFoundError(id);
    return account;
  }

  private async requireAccount(email: string): Promise<Account> {
    const account = await this.accounts.findByEmail(normaliseEmail(email));
    if (!account) throw new AccountNotFoundError(email);
    return account;
  }
}
