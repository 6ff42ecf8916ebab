import { EntityManager } from '@mikro-orm/postgresql';
import { createAccountWithToken, createPremiumAccount, regenerateToken } from './support/accounts';
import { expectProblem, startTestApp, TestApp } from './support/test-app';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { AccountsService } from '../src/tokens/accounts.service';

const PROTECTED = '/api/v1/tournaments';

describe('API tokens and the bearer guard', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp.close());

  const http = () => testApp.http;
  const accounts = <T>(work: (service: AccountsService) => Promise<T>) =>
    RequestContext.create(testApp.app.get(MikroORM).em, () => work(testApp.app.get(AccountsService)));

  it('lets a premium account in with its token', async () => {
    const { token } = await createPremiumAccount(testApp);
    expect((await http().get(PROTECTED, { token })).statusCode).toBe(200);
  });

  it('answers a missing token with 401 and a bare Bearer challenge', async () => {
    const response = await http().get(PROTECTED);
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it.each([
    ['an unknown well-formed token', 'tlm_000000000000000000000000000000000000'],
    ['a malformed token', 'not-a-token'],
    ['a token with a bad checksum', 'tlm_abcdefghijklmnopqrstuvwxyzABCD012345'],
  ])('answers %s with 401 invalid_token', async (_case, token) => {
    const response = await http().get(PROTECTED, { token });
    expectProblem(response, 401, 'invalid_token');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
  });

  it('refuses a non-Bearer Authorization scheme as unauthenticated', async () => {
    const { token } = await createPremiumAccount(testApp);
    const response = await http().get(PROTECTED, { headers: { authorization: `Basic ${token}` } });
    expectProblem(response, 401, 'unauthenticated');
  });

  it('ignores a token in the query string or the body', async () => {
    const { token } = await createPremiumAccount(testApp);
    expectProblem(await http().get(`${PROTECTED}?access_token=${token}`), 401, 'unauthenticated');
    expectProblem(await http().post(PROTECTED, { access_token: token, name: 'x', format: 'swiss' }), 401, 'unauthenticated');
  });

  it('refuses the old token on the very next request after regeneration', async () => {
    const account = await createPremiumAccount(testApp);
    expect((await http().get(PROTECTED, { token: account.token })).statusCode).toBe(200);
    const fresh = await regenerateToken(testApp, account.email);
    expectProblem(await http().get(PROTECTED, { token: account.token }), 401, 'invalid_token');
    expect((await http().get(PROTECTED, { token: fresh })).statusCode).toBe(200);
  });

  it('refuses a revoked token', async () => {
    const account = await createPremiumAccount(testApp);
    await accounts((service) => service.revokeToken(account.email));
    expectProblem(await http().get(PROTECTED, { token: account.token }), 401, 'invalid_token');
  });

  it('answers a free account with 403 subscription_required', async () => {
    const { token } = await createAccountWithToken(testApp, 'free');
    expectProblem(await http().get(PROTECTED, { token }), 403, 'subscription_required');
  });

  it('applies a downgrade on the next request, and an upgrade likewise', async () => {
    const account = await createPremiumAccount(testApp);
    expect((await http().get(PROTECTED, { token: account.token })).statusCode).toBe(200);
    await accounts((service) => service.setPlan(account.email, 'free'));
    expectProblem(await http().get(PROTECTED, { token: account.token }), 403, 'subscription_required');
    await accounts((service) => service.setPlan(account.email, 'premium'));
    expect((await http().get(PROTECTED, { token: account.token })).statusCode).toBe(200);
  });

  it('keeps health endpoints open without a token', async () => {
    expect((await http().get('/health/live')).statusCode).toBe(200);
  });

  it('stores no plaintext token anywhere in the database', async () => {
    const account = await createPremiumAccount(testApp);
    await http().get(PROTECTED, { token: account.token });
    const em = testApp.app.get(EntityManager).fork();
    const tables = await em.execute<{ table_name: string }[]>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(3);
    const secretPart = account.token.slice(4);
    for (const { table_name } of tables) {
      const [hit] = await em.execute<{ count: string }[]>(
        `select count(*) from "${table_name}" t where t::text like ? or t::text like ?`,
        [`%${account.token}%`, `%${secretPart}%`],
      );
      expect({ table: table_name, hits: Number(hit.count) }).toEqual({ table: table_name, hits: 0 });
    }
    const [stored] = await em.execute<{ last_four: string; digest: string; last_used_at: string | null }[]>(
      'select last_four, digest, last_used_at from api_tokens where account_id = ?',
      [account.id],
    );
    expect(stored.last_four).toBe(account.token.slice(-4));
    expect(stored.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.last_used_at).not.toBeNull();
  });

  it('writes last_used_at at most once a minute, not on every request', async () => {
    const account = await createPremiumAccount(testApp);
    const em = testApp.app.get(EntityManager).fork();
    const lastUsed = async () =>
      new Date((await em.execute<{ last_used_at: string }[]>('select last_used_at from api_tokens where account_id = ?', [account.id]))[0].last_used_at);
    await http().get(PROTECTED, { token: account.token });
    const first = await lastUsed();
    await http().get(PROTECTED, { token: account.token });
    expect(await lastUsed()).toEqual(first);
    expect(Date.now() - first.getTime()).toBeLessThan(60_000);
    // The minute boundary (a write again after 60 s, cached principal or not) is in accounts.service.spec.ts, on a clock.
  });
});
