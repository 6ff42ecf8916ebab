import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { AppConfigValues } from '../../src/config/app-config';
import { RouteTable } from '../../src/shared/http/route-table';
import { createAccountWithToken, createPremiumAccount, regenerateToken } from '../support/accounts';
import { expectProblem, RequestOptions, startTestApp, TestApp } from '../support/test-app';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-keys';

const LIST = '/api/v1/tournaments';
const ONE = () => `/api/v1/tournaments/${randomUUID()}`;
const LEAGUES = '/api/v1/leagues';

/** A client address of this test's own (documentation range), so tests never share an address budget. */
let lastOctet = 0;
const anAddress = () => `198.51.100.${++lastOctet}`;

const remainingOf = (response: LightMyRequestResponse) => Number(response.headers['x-ratelimit-remaining']);

function expectRateLimitHeaders(response: LightMyRequestResponse, limit: number, remaining: number): void {
  const reset = Number(response.headers['x-ratelimit-reset']);
  expect(reset).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(60);
  expect(response.headers).toMatchObject({
    'ratelimit-policy': `"default";q=${limit};w=60`,
    ratelimit: `"default";r=${remaining};t=${reset}`,
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
  });
}

/** Sends `count` requests one after another and returns the responses. */
async function send(testApp: TestApp, count: number, url: (i: number) => string, options: (i: number) => RequestOptions) {
  const responses: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await testApp.http.get(url(i), options(i)));
  return responses;
}

describe('rate limit: the default budget of 60 a minute (in memory)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ rateLimitPerMinute: 60 });
  });

  afterAll(() => testApp.close());

  it('lets 60 requests through, counting down on every response, and answers the 61st with 429 and Retry-After', async () => {
    const { token } = await createPremiumAccount(testApp);
    const responses = await send(testApp, 60, () => LIST, () => ({ token }));
    responses.forEach((response, i) => {
      expect(response.statusCode).toBe(200);
      expectRateLimitHeaders(response, 60, 59 - i);
    });

    const refused = await testApp.http.get(LIST, { token });
    const problem = expectProblem(refused, 429, 'rate_limited');
    expect(problem.instance).toBe(LIST);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectRateLimitHeaders(refused, 60, 0);
    expect(refused.headers['x-ratelimit-reset']).toBe(String(retryAfter));
  });

  it('throttles token guessing per client address: the 61st failed attempt is 429, another address is unaffected', async () => {
    const guesser = anAddress();
    const attempts = await send(testApp, 60, () => LIST, (i) => ({ token: `tlm_guess${i}`, remoteAddress: guesser }));
    attempts.forEach((response, i) => {
      expectProblem(response, 401, 'invalid_token');
      expectRateLimitHeaders(response, 60, 59 - i);
    });
    expectProblem(await testApp.http.get(LIST, { remoteAddress: guesser }), 429, 'rate_limited');

    const other = await testApp.http.get(LIST, { remoteAddress: anAddress() });
    expectProblem(other, 401, 'unauthenticated');
    expectRateLimitHeaders(other, 60, 59);
    // A real customer behind the guesser's address has a budget of their own.
    const { token } = await createPremiumAccount(testApp);
    expect((await testApp.http.get(LIST, { token, remoteAddress: guesser })).statusCode).toBe(200);
  });
});

describe('rate limit: one budget per account (in memory, limit 5)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ rateLimitPerMinute: 5 });
  });

  afterAll(() => testApp.close());

  it('shares one budget between all routes, 404s included', async () => {
    const { token } = await createPremiumAccount(testApp);
    const responses = await send(testApp, 5, (i) => (i % 2 ? ONE() : LIST), () => ({ token }));
    expect(responses.map((response) => [response.statusCode, remainingOf(response)])).toEqual([
      [200, 4],
      [404, 3],
      [200, 2],
      [404, 1],
      [200, 0],
    ]);
    expectProblem(await testApp.http.get(ONE(), { token }), 429, 'rate_limited');
    expectProblem(await testApp.http.get(LIST, { token }), 429, 'rate_limited');
    // Leagues joins the same budget once its module is registered.
    if (testApp.app.get(RouteTable).allowedMethods(LEAGUES).includes('GET')) {
      expectProblem(await testApp.http.get(LEAGUES, { token }), 429, 'rate_limited');
    }
  });

  it('counts leagues and tournaments requests against the same budget', async () => {
    if (!testApp.app.get(RouteTable).allowedMethods(LEAGUES).includes('GET')) return;
    const { token } = await createPremiumAccount(testApp);
    const responses = await send(testApp, 4, (i) => [LIST, LEAGUES][i % 2], () => ({ token }));
    expect(responses.map((response) => [response.statusCode, remainingOf(response)])).toEqual([
      [200, 4],
      [200, 3],
      [200, 2],
      [200, 1],
    ]);
  });

  it('counts per account, not per token or address: a regenerated token gets no fresh budget', async () => {
    const account = await createPremiumAccount(testApp);
    await send(testApp, 3, () => LIST, () => ({ token: account.token, remoteAddress: anAddress() }));
    const newToken = await regenerateToken(testApp, account.email);
    expectProblem(await testApp.http.get(LIST, { token: account.token }), 401, 'invalid_token');

    const next = await testApp.http.get(LIST, { token: newToken, remoteAddress: anAddress() });
    expect(next.statusCode).toBe(200);
    expect(remainingOf(next)).toBe(1);
    expect((await testApp.http.get(LIST, { token: newToken })).statusCode).toBe(200);
    expectProblem(await testApp.http.get(LIST, { token: newToken }), 429, 'rate_limited');
  });

  it('puts the headers on 403 responses too', async () => {
    const { token } = await createAccountWithToken(testApp, 'free');
    const refused = await testApp.http.get(LIST, { token, remoteAddress: anAddress() });
    expectProblem(refused, 403, 'subscription_required');
    expectRateLimitHeaders(refused, 5, 4);
  });

  it('never limits health probes or the docs, and leaves the headers off them', async () => {
    const address = anAddress();
    await send(testApp, 6, () => LIST, () => ({ remoteAddress: address }));
    for (const path of ['/health/live', '/health/ready', '/api/v1/openapi.json', '/docs']) {
      const responses = await send(testApp, 6, () => path, () => ({ remoteAddress: address }));
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(Object.keys(response.headers).filter((name) => /ratelimit|retry-after/.test(name))).toEqual([]);
      }
    }
  });
});

describe('rate limit: client address behind proxies (limit 5)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  const proxy = '10.0.0.7';

  beforeAll(async () => {
    direct = await startTestApp({ rateLimitPerMinute: 5, trustProxy: undefined });
    proxied = await startTestApp({ rateLimitPerMinute: 5, trustProxy: proxy });
  });

  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not reset the budget', async () => {
    const address = anAddress();
    const spoofed = (i: number) => ({ remoteAddress: address, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
    const responses = await send(direct, 5, () => LIST, spoofed);
    expect(responses.map(remainingOf)).toEqual([4, 3, 2, 1, 0]);
    expectProblem(await direct.http.get(LIST, spoofed(99)), 429, 'rate_limited');
  });

  it('honours X-Forwarded-For from the trusted proxy, and only from it', async () => {
    const via = (client: string) => ({ remoteAddress: proxy, headers: { 'x-forwarded-for': client } });
    await send(proxied, 5, () => LIST, () => via('203.0.113.10'));
    expectProblem(await proxied.http.get(LIST, via('203.0.113.10')), 429, 'rate_limited');
    const otherClient = await proxied.http.get(LIST, via('203.0.113.11'));
    expectProblem(otherClient, 401, 'unauthenticated');
    expect(remainingOf(otherClient)).toBe(4);

    // The same header from an address that is not the proxy is ignored.
    const untrusted = anAddress();
    const spoofed = (i: number) => ({ remoteAddress: untrusted, headers: { 'x-forwarded-for': `203.0.113.${50 + i}` } });
    expect((await send(proxied, 5, () => LIST, spoofed)).map(remainingOf)).toEqual([4, 3, 2, 1, 0]);
    expectProblem(await proxied.http.get(LIST, spoofed(9)), 429, 'rate_limited');
  });
});

describe('rate limit: counters in Redis', () => {
  const prefixes: string[] = [];
  const started: TestApp[] = [];

  async function startWithRedis(overrides: Partial<AppConfigValues>): Promise<TestApp> {
    const testApp = await startTestApp({ redisUrl: TEST_REDIS_URL, rateLimitPerMinute: 60, ...overrides });
    started.push(testApp);
    return testApp;
  }

  afterAll(async () => {
    await Promise.all(started.map((testApp) => testApp.close()));
    await Promise.all(prefixes.map(deleteKeys));
  });

  it('gives two instances behind one Redis one budget of 60 in total', async () => {
    const rateLimitKeyPrefix = uniqueKeyPrefix();
    prefixes.push(rateLimitKeyPrefix);
    const instances = [await startWithRedis({ rateLimitKeyPrefix }), await startWithRedis({ rateLimitKeyPrefix })];
    const { token } = await createPremiumAccount(instances[0]);

    const responses: LightMyRequestResponse[] = [];
    for (let i = 0; i < 60; i++) responses.push(await instances[i % 2].http.get(LIST, { token }));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(responses.map(remainingOf)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));

    for (const instance of instances) {
      const refused = await instance.http.get(LIST, { token });
      expectProblem(refused, 429, 'rate_limited');
      expectRateLimitHeaders(refused, 60, 0);
    }
  });

  it('keeps serving when Redis is unreachable, limiting per instance meanwhile', async () => {
    const startedAt = Date.now();
    const testApp = await startWithRedis({ redisUrl: 'redis://127.0.0.1:6390', rateLimitPerMinute: 5 });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    const { token } = await createPremiumAccount(testApp);

    const responses = await send(testApp, 5, () => LIST, () => ({ token }));
    expect(responses.map((response) => [response.statusCode, remainingOf(response)])).toEqual([
      [200, 4],
      [200, 3],
      [200, 2],
      [200, 1],
      [200, 0],
    ]);
    expectProblem(await testApp.http.get(LIST, { token }), 429, 'rate_limited');
    expect((await testApp.http.get('/health/ready')).statusCode).toBe(200);
  });
});
