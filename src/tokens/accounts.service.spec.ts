import { AccountsService } from './accounts.service';
import { AccountNotFoundError, InvalidTokenError, SubscriptionRequiredError, TokenChangedError, WrongPasswordError } from './domain/account-errors';
import { verifyPassword } from './domain/password';
import { PrincipalCache } from './principal-cache';
import { InMemoryAccountsRepository } from './testing/in-memory-accounts.repository';

/** Every rule holds alike with the principal cache suspended (no invalidation feed) and live. */
describe.each([
  ['suspended', false],
  ['live', true],
])('AccountsService, principal cache %s', (_state, live) => {
  let repository: InMemoryAccountsRepository;
  let service: AccountsService;

  beforeEach(() => {
    repository = new InMemoryAccountsRepository();
    const cache = new PrincipalCache();
    if (live) cache.resume();
    service = new AccountsService(repository, cache);
  });

  it('treats emails case-insensitively and refuses duplicates', async () => {
    await service.createAccount({ email: 'Ops@Example.com', plan: 'premium' });
    await expect(service.createAccount({ email: 'ops@example.COM ', plan: 'free' })).rejects.toMatchObject({ code: 'email_taken' });
    expect((await service.setPlan('OPS@example.com', 'free')).plan).toBe('free');
  });

  it('lists accounts in email order, page after page', async () => {
    for (const email of ['c@example.com', 'A@example.com', 'b@example.com']) await service.createAccount({ email, plan: 'free' });
    const first = await service.listAccounts(undefined, 2);
    expect(first.map((account) => account.email)).toEqual(['a@example.com', 'b@example.com']);
    expect((await service.listAccounts('B@example.com', 2)).map((account) => account.email)).toEqual(['c@example.com']);
    expect(await service.listAccounts('c@example.com', 2)).toEqual([]);
  });

  it('finds an account with its token, or without one', async () => {
    await service.createAccount({ email: 'd@example.com', plan: 'premium' });
    expect(await service.findWithToken('D@example.com')).toMatchObject({ account: { email: 'd@example.com' }, token: null });
    const token = await service.generateToken('d@example.com');
    expect((await service.findWithToken('d@example.com')).token).toMatchObject({ lastFour: token.slice(-4), lastUsedAt: null });
    await expect(service.findWithToken('nobody@example.com')).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it('hashes passwords with scrypt, never storing them', async () => {
    const account = await service.createAccount({ email: 'a@example.com', plan: 'free', password: 'correct horse battery' });
    expect(account.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(account.passwordHash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', account.passwordHash!)).toBe(true);
    expect(await verifyPassword('wrong horse battery', account.passwordHash!)).toBe(false);
  });

  it('authenticates the newest token only', async () => {
    const account = await service.createAccount({ email: 'b@example.com', plan: 'premium' });
    const old = await service.generateToken('b@example.com');
    const current = await service.generateToken('b@example.com');
    await expect(service.authenticate(old)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(await service.authenticate(current)).toEqual({ id: account.id, email: 'b@example.com' });
  });

  it('refuses a free account with subscription_required', async () => {
    await service.createAccount({ email: 'c@example.com', plan: 'free' });
    const token = await service.generateToken('c@example.com');
    await expect(service.authenticate(token)).rejects.toBeInstanceOf(SubscriptionRequiredError);
  });

  it('records last use at most once a minute', async () => {
    const account = await service.createAccount({ email: 'd@example.com', plan: 'premium' });
    const token = await service.generateToken('d@example.com');
    const t0 = new Date('2026-05-01T10:00:00.000Z');
    await service.authenticate(token, t0);
    await service.authenticate(token, new Date(t0.getTime() + 30_000));
    expect((await service.tokenOf(account.id))?.lastUsedAt).toEqual(t0);
    const later = new Date(t0.getTime() + 61_000);
    await service.authenticate(token, later);
    expect((await service.tokenOf(account.id))?.lastUsedAt).toEqual(later);
  });

  it('refuses a regenerated, revoked or downgraded token on the very next request', async () => {
    await service.createAccount({ email: 'e@example.com', plan: 'premium' });
    const first = await service.generateToken('e@example.com');
    await service.authenticate(first);
    const second = await service.generateToken('e@example.com');
    await expect(service.authenticate(first)).rejects.toBeInstanceOf(InvalidTokenError);
    await service.authenticate(second);
    await service.setPlan('e@example.com', 'free');
    await expect(service.authenticate(second)).rejects.toBeInstanceOf(SubscriptionRequiredError);
    await service.setPlan('e@example.com', 'premium');
    await service.authenticate(second);
    await service.revokeToken('e@example.com');
    await expect(service.authenticate(second)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('PrincipalCache', () => {
  const principal = (accountId: string) => ({ account: { id: accountId, email: `${accountId}@example.com` }, tokenId: 't', lastUsedAt: null });

  it('caches nothing until the invalidation feed is live, and forgets everything when it goes down', () => {
    const cache = new PrincipalCache();
    cache.set('d1', principal('a'), cache.stamp());
    expect(cache.get('d1')).toBeUndefined();
    cache.resume();
    cache.set('d1', principal('a'), cache.stamp());
    expect(cache.get('d1')?.account.id).toBe('a');
    cache.suspend();
    expect(cache.get('d1')).toBeUndefined();
    cache.resume();
    expect(cache.get('d1')).toBeUndefined();
  });

  it('does not store a lookup that began before an invalidation', () => {
    const cache = new PrincipalCache();
    cache.resume();
    const stamp = cache.stamp();
    cache.invalidateAccount('a');
    cache.set('d1', principal('a'), stamp);
    expect(cache.get('d1')).toBeUndefined();
  });

  it('lets a lookup store its result when only another account changed meanwhile', () => {
    const cache = new PrincipalCache();
    cache.resume();
    const stamp = cache.stamp();
    cache.invalidateAccount('b');
    cache.set('d1', principal('a'), stamp);
    expect(cache.get('d1')?.account.id).toBe('a');
  });

  it('forgets only the invalidated account, and every entry after the TTL', () => {
    let now = 0;
    const cache = new PrincipalCache({ ttlMs: 1_000, now: () => now });
    cache.resume();
    cache.set('d1', principal('a'), cache.stamp());
    cache.set('d2', principal('b'), cache.stamp());
    cache.invalidateAccount('a');
    expect(cache.get('d1')).toBeUndefined();
    expect(cache.get('d2')?.account.id).toBe('b');
    now = 1_000;
    expect(cache.get('d2')).toBeUndefined();
  });

  it('tells of each lookup whether the cache answered it, also while it is bypassed', () => {
    const lookups: boolean[] = [];
    const cache = new PrincipalCache({ onLookup: (hit) => lookups.push(hit) });
    cache.get('d1');
    cache.resume();
    cache.set('d1', principal('d1'), cache.stamp());
    cache.get('d1');
    cache.get('d2');
    expect(lookups).toEqual([false, true, false]);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new PrincipalCache({ maxEntries: 2 });
    cache.resume();
    for (const digest of ['d1', 'd2', 'd3']) cache.set(digest, principal(digest), cache.stamp());
    expect([cache.get('d1'), cache.get('d2'), cache.get('d3')].map((entry) => entry?.account.id)).toEqual([undefined, 'd2', 'd3']);
  });
});

describe('AccountsService, as the account pages use it', () => {
  const password = 'correct horse battery staple';
  let service: AccountsService;

  beforeEach(() => {
    const cache = new PrincipalCache();
    cache.resume();
    service = new AccountsService(new InMemoryAccountsRepository(), cache);
  });

  it('signs up free accounts, listing every bad field at once', async () => {
    expect((await service.signUp('new@example.com', password)).plan).toBe('free');
    await expect(service.signUp('', '')).rejects.toMatchObject({
      fieldProblems: [
        { pointer: '/email', detail: 'Enter your email address.' },
        { pointer: '/password', detail: 'Enter a password.' },
      ],
    });
    await expect(service.signUp('x@example.com', 'elevenchars')).rejects.toMatchObject({
      fieldProblems: [{ pointer: '/password', detail: 'Use at least 12 characters.' }],
    });
  });

  it('counts a password in characters, so six emoji (twelve UTF-16 units) are too short and twelve are enough', async () => {
    await expect(service.signUp('emoji@example.com', '🎲'.repeat(6))).rejects.toMatchObject({
      fieldProblems: [{ pointer: '/password', detail: 'Use at least 12 characters.' }],
    });
    expect((await service.signUp('emoji@example.com', '🎲'.repeat(12))).email).toBe('emoji@example.com');
  });

  it('refuses control characters in an email or a password', async () => {
    await expect(service.signUp('bell\u0007@example.com', `${password}\u0000`)).rejects.toMatchObject({
      fieldProblems: [
        { pointer: '/email', detail: 'Enter an email address such as name@example.com.' },
        { pointer: '/password', detail: 'Use no control characters (such as NUL or a line break).' },
      ],
    });
  });

  it('verifies credentials, answering an unknown email and a wrong password alike', async () => {
    const account = await service.signUp('me@example.com', password);
    expect((await service.verifyCredentials(' ME@example.com', password))?.id).toBe(account.id);
    expect(await service.verifyCredentials('me@example.com', 'wrong password here')).toBeNull();
    expect(await service.verifyCredentials('nobody@example.com', password)).toBeNull();
    await service.createAccount({ email: 'ops-made@example.com', plan: 'premium' });
    expect(await service.verifyCredentials('ops-made@example.com', '')).toBeNull();
  });

  it('issues a token only on premium, and only in place of the token the page showed', async () => {
    const account = await service.signUp('gen@example.com', password);
    await expect(service.issueToken(account.id, null)).rejects.toBeInstanceOf(SubscriptionRequiredError);
    expect(await service.tokenOf(account.id)).toBeNull();

    await service.changePlan(account.id, 'premium');
    const first = await service.issueToken(account.id, null);
    await expect(service.issueToken(account.id, null)).rejects.toBeInstanceOf(TokenChangedError);
    const shown = (await service.tokenOf(account.id))!;
    const second = await service.issueToken(account.id, shown.id);
    await expect(service.issueToken(account.id, shown.id)).rejects.toBeInstanceOf(TokenChangedError);
    await expect(service.authenticate(first)).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await service.authenticate(second)).id).toBe(account.id);
  });

  it('deletes an account only with its password', async () => {
    const account = await service.signUp('bye@example.com', password);
    await expect(service.deleteAccount(account.id, 'not my password')).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await service.accountById(account.id)).not.toBeNull();
    await service.deleteAccount(account.id, password);
    expect(await service.accountById(account.id)).toBeNull();
  });

  it('refuses a cached token on the next request after a downgrade, a regeneration or a deletion from the pages', async () => {
    const account = await service.signUp('cached@example.com', password);
    await service.changePlan(account.id, 'premium');
    const first = await service.issueToken(account.id, null);
    await service.authenticate(first);
    await service.changePlan(account.id, 'free');
    await expect(service.authenticate(first)).rejects.toBeInstanceOf(SubscriptionRequiredError);
    await service.changePlan(account.id, 'premium');
    await service.authenticate(first);
    const second = await service.issueToken(account.id, (await service.tokenOf(account.id))!.id);
    await expect(service.authenticate(first)).rejects.toBeInstanceOf(InvalidTokenError);
    await service.authenticate(second);
    await service.deleteAccount(account.id, password);
    await expect(service.authenticate(second)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('AccountsService, token lookups under concurrency', () => {
  let repository: InMemoryAccountsRepository;
  let cache: PrincipalCache;
  let service: AccountsService;
  let lookups: jest.SpyInstance;

  beforeEach(() => {
    repository = new InMemoryAccountsRepository();
    cache = new PrincipalCache();
    cache.resume();
    service = new AccountsService(repository, cache);
    lookups = jest.spyOn(repository, 'findTokenByDigest');
  });

  it('shares one database lookup among concurrent requests with the same token', async () => {
    const account = await service.createAccount({ email: 'f@example.com', plan: 'premium' });
    const token = await service.generateToken('f@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.authenticate(token)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ id: account.id, email: 'f@example.com' })));
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('gives each request its own refusal when they shared a lookup', async () => {
    await service.createAccount({ email: 'g@example.com', plan: 'premium' });
    const token = await service.generateToken('g@example.com');
    await service.revokeToken('g@example.com');
    const refusals = await Promise.all([service.authenticate(token), service.authenticate(token)].map((attempt) => attempt.catch((error: unknown) => error)));
    expect(refusals[0]).toBeInstanceOf(InvalidTokenError);
    expect(refusals[1]).toBeInstanceOf(InvalidTokenError);
    expect(refusals[0]).not.toBe(refusals[1]);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('does not let a request join a lookup that began before a change it must see', async () => {
    await service.createAccount({ email: 'h@example.com', plan: 'premium' });
    const token = await service.generateToken('h@example.com');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = lookups.getMockImplementation() ?? InMemoryAccountsRepository.prototype.findTokenByDigest;
    lookups.mockImplementationOnce(async (digest: string) => {
      const before = await read.call(repository, digest); // read before the downgrade below
      await gate;
      return before;
    });
    const begunBefore = service.authenticate(token);
    await Promise.resolve();
    await service.setPlan('h@example.com', 'free');
    await expect(service.authenticate(token)).rejects.toBeInstanceOf(SubscriptionRequiredError);
    release();
    await begunBefore; // it began before the change: answering it as before is what a request that early gets
    await expect(service.authenticate(token)).rejects.toBeInstanceOf(SubscriptionRequiredError);
    expect(lookups).toHaveBeenCalledTimes(3);
  });

  it('reads the database for every request while the cache is suspended', async () => {
    await service.createAccount({ email: 'i@example.com', plan: 'premium' });
    const token = await service.generateToken('i@example.com');
    cache.suspend();
    await Promise.all([service.authenticate(token), service.authenticate(token), service.authenticate(token)]);
    expect(lookups).toHaveBeenCalledTimes(3);
  });
});
