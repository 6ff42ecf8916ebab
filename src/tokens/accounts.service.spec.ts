import { AccountsService } from './accounts.service';
import { InvalidTokenError, SubscriptionRequiredError } from './domain/account-errors';
import { verifyPassword } from './domain/password';
import { InMemoryAccountsRepository } from './testing/in-memory-accounts.repository';

describe('AccountsService', () => {
  let repository: InMemoryAccountsRepository;
  let service: AccountsService;

  beforeEach(() => {
    repository = new InMemoryAccountsRepository();
    service = new AccountsService(repository);
  });

  it('treats emails case-insensitively and refuses duplicates', async () => {
    await service.createAccount({ email: 'Ops@Example.com', plan: 'premium' });
    await expect(service.createAccount({ email: 'ops@example.COM ', plan: 'free' })).rejects.toMatchObject({ code: 'email_taken' });
    expect((await service.setPlan('OPS@example.com', 'free')).plan).toBe('free');
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
});
