import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AppMetrics } from '../../src/metrics/app-metrics';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../src/account-web/http/page-assets';
import { startTestApp, TestApp } from '../support/test-app';
import { PageClient, visibleText } from './page-client';

const PASSWORD = 'correct horse battery staple';
let addressCounter = 0;

/** Each visitor comes from its own address, so the per-address throttles of one test do not touch another's. */
function visitor(testApp: TestApp): PageClient {
  addressCounter += 1;
  return new PageClient(testApp, `10.10.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`);
}

function newEmail(): string {
  return `page-${randomUUID()}@example.com`;
}

describe('Account pages over HTTP', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ rateLimitPerMinute: 3 });
  });
  afterAll(() => testApp.close());

  async function sql(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    return testApp.app.get(MikroORM).em.getConnection().execute(query, params, 'all');
  }

  /** The sign_in_failures_total counter, by reason, as the metrics endpoint would report it. */
  async function signInFailures(): Promise<Record<'invalid_credentials' | 'throttled', number>> {
    const { body } = await testApp.app.get(AppMetrics).scrape();
    const count = (reason: string) => Number(new RegExp(`^sign_in_failures_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(body)![1]);
    return { invalid_credentials: count('invalid_credentials'), throttled: count('throttled') };
  }

  async function signedUp(email = newEmail()): Promise<PageClient> {
    const client = visitor(testApp);
    expect((await client.signUp(email, PASSWORD)).statusCode).toBe(303);
    return client;
  }

  async function premiumWithToken(client: PageClient): Promise<string> {
    await client.get('/account');
    expect((await client.post('/account/plan/subscribe')).headers.location).toBe('/account?notice=subscribed');
    await client.get('/account');
    expect((await client.post('/account/token', { replacing: '' })).headers.location).toBe('/account/token/new');
    const page = await client.get('/account/token/new');
    return /id="new-token"[^>]*value="(tlm_[0-9A-Za-z]{36})"/.exec(page.body)![1];
  }

  it('answers /favicon.ico with the site’s icon, which browsers may keep for a day (issue 42)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    // An ICO directory (reserved 0, type 1, one image) holding a 32 × 32 PNG.
    expect([...response.rawPayload.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    expect(response.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('sends the security headers on every page, redirect and refusal', async () => {
    const client = visitor(testApp);
    for (const response of [await client.get('/account/signin'), await client.get('/account'), await client.post('/account/signin', { _csrf: 'forged' })]) {
      expect(response.headers).toMatchObject({
        'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'cache-control': 'no-store',
      });
    }
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(PAGE_CONTENT_SECURITY_POLICY).toContain(directive);
    }
    expect(PAGE_CONTENT_SECURITY_POLICY).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    const page = await client.get('/account/signup');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).not.toMatch(/<script(?![^>]*src=)|\son[a-z]+=|style=/);
  });

  it('sends a visitor who is not signed in to the sign-in page', async () => {
    const response = await visitor(testApp).get('/account');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account/signin');
  });

  it('signs up into a new session whose cookie is HttpOnly, SameSite=Lax, Path=/', async () => {
    const client = visitor(testApp);
    await client.get('/account/signup');
    const response = await client.post('/account/signup', { email: newEmail(), password: PASSWORD });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account');
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('tlm_session='));
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
    const settings = await client.get('/account');
    expect(settings.statusCode).toBe(200);
    expect(visibleText(settings)).toContain('API access needs the premium plan');
  });

  it.each([
    ['an empty form', { email: '', password: '' }, 422, ['Enter your email address.', 'Enter a password.']],
    ['a short password', { email: 'short@example.com', password: 'elevenchars' }, 422, ['Use at least 12 characters.']],
    ['a malformed email', { email: 'not-an-email', password: PASSWORD }, 422, ['Enter an email address such as name@example.com.']],
  ])('refuses sign-up with %s, next to the field, creating nothing', async (_case, fields, status, messages) => {
    const client = visitor(testApp);
    await client.get('/account/signup');
    const response = await client.post('/account/signup', fields);
    expect(response.statusCode).toBe(status);
    for (const message of messages) expect(visibleText(response)).toContain(message);
    expect(response.body).toContain('aria-invalid="true"');
    expect(client.cookies.has('tlm_session')).toBe(false);
    const [{ count }] = await sql('select count(*)::int as count from accounts where email = ?', [fields.email]);
    expect(count).toBe(0);
  });

  it('refuses a taken email (any case) with 409 and keeps the first account', async () => {
    const email = newEmail();
    await signedUp(email);
    const response = await visitor(testApp).signUp(email.toUpperCase(), 'another long password');
    expect(response.statusCode).toBe(409);
    expect(visibleText(response)).toContain('An account with this email already exists.');
    expect((await visitor(testApp).signIn(email, PASSWORD)).statusCode).toBe(303);
  });

  it.each([
    ['a forged', { _csrf: 'forged-token' }],
    ['a missing', { _csrf: '' }],
  ])('answers a sign-up with %s CSRF token with 403 and creates nothing', async (_case, csrf) => {
    const email = newEmail();
    const client = visitor(testApp);
    await client.get('/account/signup');
    const response = await client.post('/account/signup', { email, password: PASSWORD, ...csrf });
    expect(response.statusCode).toBe(403);
    expect(visibleText(response)).toContain('Nothing was changed');
    expect(await sql('select 1 from accounts where email = ?', [email])).toHaveLength(0);
  });

  it('refuses a CSRF token taken from before sign-in, or from another session, on the settings forms', async () => {
    const victim = await signedUp();
    const attacker = await signedUp();
    await attacker.get('/account');
    const attackerToken = /name="_csrf" value="([^"]+)"/.exec((await attacker.get('/account')).body)![1];
    const forged = await victim.post('/account/plan/subscribe', { _csrf: attackerToken });
    expect(forged.statusCode).toBe(403);
    expect(visibleText(await victim.get('/account'))).toContain('Your plan: Free');

    const email = newEmail();
    await signedUp(email);
    const client = visitor(testApp);
    const preSessionToken = /name="_csrf" value="([^"]+)"/.exec((await client.get('/account/signin')).body)![1];
    await client.post('/account/signin', { email, password: PASSWORD });
    await client.get('/account');
    expect((await client.post('/account/plan/subscribe', { _csrf: preSessionToken })).statusCode).toBe(403);
    expect((await client.post('/account/plan/subscribe')).statusCode).toBe(303);
  });

  it('answers a wrong password and an unknown email alike: 401, one message', async () => {
    const email = newEmail();
    await signedUp(email);
    const wrongPassword = await visitor(testApp).signIn(email, 'not the right password');
    const unknownEmail = await visitor(testApp).signIn(newEmail(), PASSWORD);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(visibleText(response)).toContain('The email or password is not correct.');
    }
  });

  it('throttles sign-in per email after 5 failures: 429 with the wait, even with the right password', async () => {
    const email = newEmail();
    await signedUp(email);
    const failuresBefore = await signInFailures();
    for (let attempt = 0; attempt < 5; attempt++) expect((await visitor(testApp).signIn(email, 'wrong password!')).statusCode).toBe(401);
    const blocked = await visitor(testApp).signIn(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(visibleText(blocked)).toMatch(/Try again in 1[45] minutes/);
    const failuresAfter = await signInFailures();
    expect(failuresAfter.invalid_credentials - failuresBefore.invalid_credentials).toBe(5);
    expect(failuresAfter.throttled - failuresBefore.throttled).toBe(1);
  });

  it('throttles sign-in per client address across emails', async () => {
    const client = visitor(testApp);
    for (let attempt = 0; attempt < 20; attempt++) expect((await client.signIn(newEmail(), 'wrong password!')).statusCode).toBe(401);
    expect((await client.signIn(newEmail(), 'wrong password!')).statusCode).toBe(429);
  });

  it('issues a new session id at each sign-in and ends only that session at sign-out', async () => {
    const email = newEmail();
    const first = await signedUp(email);
    const atSignUp = first.cookies.get('tlm_session')!;
    await first.get('/account');
    await first.post('/account/signout');
    expect(first.cookies.has('tlm_session')).toBe(false);
    expect((await first.signIn(email, PASSWORD)).statusCode).toBe(303);
    const atSignIn = first.cookies.get('tlm_session')!;
    expect(atSignIn).not.toBe(atSignUp);

    const second = visitor(testApp);
    await second.signIn(email, PASSWORD);
    const secondCookie = second.cookies.get('tlm_session')!;
    expect(secondCookie).not.toBe(atSignIn);
    await second.get('/account');
    const signOut = await second.post('/account/signout');
    expect(signOut.headers.location).toBe('/account/signin?notice=signed-out');
    expect(second.cookies.has('tlm_session')).toBe(false);

    for (const ended of [atSignUp, secondCookie]) {
      const replay = visitor(testApp);
      replay.cookies.set('tlm_session', ended);
      expect((await replay.get('/account')).headers.location).toBe('/account/signin?notice=expired');
    }
    expect((await first.get('/account')).statusCode).toBe(200);
  });

  it('sends an expired session back to sign in, saying so', async () => {
    const email = newEmail();
    const client = await signedUp(email);
    await sql("update account_sessions set expires_at = now() - interval '1 second' where account_id = (select id from accounts where email = ?)", [email]);
    const response = await client.get('/account');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account/signin?notice=expired');
    expect(visibleText(await client.get(response.headers.location as string))).toContain('Your session has ended.');
  });

  it('sends a form from an expired session back to sign in, changing nothing', async () => {
    const email = newEmail();
    const client = await signedUp(email);
    await client.get('/account');
    await sql("update account_sessions set expires_at = now() - interval '1 second' where account_id = (select id from accounts where email = ?)", [email]);
    const response = await client.post('/account/plan/subscribe');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account/signin?notice=expired');
    expect(await sql("select 1 from accounts where email = ? and plan = 'free'", [email])).toHaveLength(1);
  });

  it('refuses Generate on the free plan with the reason, creating no token', async () => {
    const email = newEmail();
    const client = await signedUp(email);
    await client.get('/account');
    const response = await client.post('/account/token', { replacing: '' });
    expect(response.statusCode).toBe(403);
    expect(visibleText(response)).toContain('API access needs the premium plan, so no token was generated.');
    expect(response.body).not.toContain('Generate Token');
    expect(await sql('select 1 from api_tokens t join accounts a on a.id = t.account_id where a.email = ?', [email])).toHaveLength(0);
  });

  it('shows a new token once, keeps only an encrypted copy until then, and never again', async () => {
    const client = await signedUp();
    await client.get('/account');
    await client.post('/account/plan/subscribe');
    await client.get('/account');
    await client.post('/account/token', { replacing: '' });
    const stashedRows = await sql('select token_reveal from account_sessions where token_reveal is not null');
    expect(stashedRows).toHaveLength(1);
    const [stashed] = stashedRows;
    expect(String(stashed.token_reveal)).not.toContain('tlm_');
    const page = await client.get('/account/token/new');
    const token = /value="(tlm_[0-9A-Za-z]{36})"/.exec(page.body)![1];
    expect(visibleText(page)).toContain('it will not be shown again');
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(200);
    const again = await client.get('/account/token/new');
    expect(again.headers.location).toBe('/account?notice=token-shown-once');
    expect(visibleText(await client.get('/account'))).toContain(`tlm_…${token.slice(-4)}`);
  });

  it('generates one token when the Generate form is sent twice, and says so', async () => {
    const client = await signedUp();
    await client.get('/account');
    await client.post('/account/plan/subscribe');
    await client.get('/account');
    const [first, second] = await Promise.all([client.post('/account/token', { replacing: '' }), client.post('/account/token', { replacing: '' })]);
    expect([first.headers.location, second.headers.location].sort()).toEqual(['/account/token/new', '/account/token/new?notice=sent-twice']);
    const page = await client.get('/account/token/new?notice=sent-twice');
    expect(visibleText(page)).toContain('This form was sent twice. Only one token was generated, and this is it.');
    const token = /value="(tlm_[0-9A-Za-z]{36})"/.exec(page.body)![1];
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(200);
  });

  it('regenerates only with the checkbox ticked, and only the token the page showed', async () => {
    const client = await signedUp();
    const token = await premiumWithToken(client);
    const settings = await client.get('/account');
    const tokenId = /name="replacing" value="([^"]+)"/.exec(settings.body)![1];
    const unticked = await client.post('/account/token', { replacing: tokenId });
    expect(unticked.statusCode).toBe(422);
    expect(visibleText(unticked)).toContain('Tick the box to confirm');
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(200);

    await client.get('/account');
    expect((await client.post('/account/token', { replacing: tokenId, confirm: 'yes' })).headers.location).toBe('/account/token/new');
    await client.get('/account/token/new');
    // The same form again (say, from a second tab): the token it names is gone, so nothing is replaced.
    await client.get('/account');
    expect((await client.post('/account/token', { replacing: tokenId, confirm: 'yes' })).headers.location).toBe('/account/token/new?notice=sent-twice');
    expect((await client.get('/account/token/new?notice=sent-twice')).headers.location).toBe('/account?notice=token-changed');
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(401);
  });

  it('deletes the account only with its password, ending every session and removing its data', async () => {
    const email = newEmail();
    const client = await signedUp(email);
    const token = await premiumWithToken(client);
    const other = visitor(testApp);
    expect((await other.signIn(email, PASSWORD)).statusCode).toBe(303);
    const league = (await testApp.http.post('/api/v1/leagues', { name: 'Spring League' }, { token })).json() as { id: string };
    expect((await testApp.http.post('/api/v1/tournaments', { name: 'Cup', format: 'swiss', league_id: league.id }, { token })).statusCode).toBe(201);
    const [{ id: accountId }] = await sql('select id from accounts where email = ?', [email]);

    await client.get('/account');
    const wrong = await client.post('/account/delete', { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(visibleText(wrong)).toContain('The password is not correct. Your account was not deleted.');
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(200);

    const deleted = await client.post('/account/delete', { password: PASSWORD });
    expect(deleted.headers.location).toBe('/account/signin?notice=deleted');
    expect((await other.get('/account')).headers.location).toBe('/account/signin?notice=expired');
    expect((await testApp.http.get('/api/v1/tournaments', { token })).statusCode).toBe(401);
    for (const table of ['accounts', 'api_tokens', 'tournaments', 'leagues', 'account_sessions']) {
      const column = table === 'accounts' ? 'id' : 'account_id';
      expect({ table, rows: await sql(`select 1 from ${table} where ${column} = ?`, [accountId]) }).toEqual({ table, rows: [] });
    }
  });

  it('counts wrong passwords on delete with failed sign-ins: the sixth try is 429, even with the right password', async () => {
    const email = newEmail();
    const client = await signedUp(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      await client.get('/account');
      expect((await client.post('/account/delete', { password: 'a wrong password' })).statusCode).toBe(403);
    }
    await client.get('/account');
    const refused = await client.post('/account/delete', { password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(visibleText(refused)).toContain('Nothing was deleted.');
    expect(await sql('select 1 from accounts where email = ?', [email])).toHaveLength(1);
  });

  it('takes no API token and spends no API rate limit (the API here allows 3 a minute)', async () => {
    const client = await signedUp();
    const token = await premiumWithToken(client);
    for (let i = 0; i < 5; i++) {
      const response = await testApp.app.inject({ method: 'GET', url: '/account/signin', headers: { authorization: `Bearer ${token}` }, remoteAddress: '10.99.0.1' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit']).toBeUndefined();
    }
    expect((await testApp.http.get('/api/v1/tournaments', { token, remoteAddress: '10.99.0.1' })).headers['x-ratelimit-remaining']).toBe('2');
  });
});

describe('Account pages: the form throttle', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ accountPagePostsPerMinute: 3 });
  });
  afterAll(() => testApp.close());

  it('refuses the fourth form in a minute from one address with 429 and the wait', async () => {
    const client = new PageClient(testApp, '10.20.0.1');
    await client.get('/account/signin');
    for (let i = 0; i < 3; i++) expect((await client.post('/account/signin', { email: '', password: '' })).statusCode).toBe(422);
    const refused = await client.post('/account/signin', { email: '', password: '' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(visibleText(refused)).toMatch(/Try again in (\d+ seconds?|1 minute)\./);
    expect((await new PageClient(testApp, '10.20.0.2').signIn('x@example.com', '')).statusCode).toBe(422);
  });
});

describe('Account pages with COOKIE_SECURE=true behind a TLS-terminating proxy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ cookieSecure: true, trustProxy: 'true' });
  });
  afterAll(() => testApp.close());

  it('marks the session and CSRF cookies Secure', async () => {
    const viaProxy = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) =>
      testApp.app.inject({ method, url, payload, headers: { 'x-forwarded-proto': 'https', ...headers } });
    const form = await viaProxy('GET', '/account/signup', {});
    const csrfCookie = ([] as string[]).concat(form.headers['set-cookie'] ?? []).find((value) => value.startsWith('tlm_csrf='))!;
    expect(csrfCookie).toMatch(/; Secure/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)![1];
    const signedUp = await viaProxy(
      'POST',
      '/account/signup',
      { cookie: csrfCookie.split(';')[0], 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ _csrf: csrf, email: newEmail(), password: PASSWORD }).toString(),
    );
    expect(signedUp.statusCode).toBe(303);
    const sessionCookie = ([] as string[]).concat(signedUp.headers['set-cookie'] ?? []).find((value) => value.startsWith('tlm_session='));
    expect(sessionCookie).toMatch(/; Path=\/(;|$)/);
    expect(sessionCookie).toMatch(/; Secure/);
  });
});
