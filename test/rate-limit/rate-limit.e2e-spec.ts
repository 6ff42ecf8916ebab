import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { AppConfigValues } from '../../src/config/app-config';
import { RouteTable } from '../../src/platform/http/route-table';
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

describe('rate limit: requests refused before the guards run (in memory, limit 5)', () => {
  let testApp: TestApp;
  const malformed = (options: RequestOptions = {}) => testApp.http.request('POST', LIST, { ...options, rawBody: '{"name": ' });
  const rateLimitHeaderNames = (response: LightMyRequestResponse) => Object.keys(response.headers).filter((name) => /ratelimit|retry-after/.test(name));

  beforeAll(async () => {
    testApp = await startTestApp({ rateLimitPerMinute: 5 });
  });

  afterAll(() => testApp.close());

  it('counts 400, 404, 415 and 405 against the account of a valid token, with the headers, then answers 429', async () => {
    const { token } = await createPremiumAccount(testApp);
    const ok = await testApp.http.get(LIST, { token, remoteAddress: anAddress() });
    expect(ok.statusCode).toBe(200);
    expectRateLimitHeaders(ok, 5, 4);

    const badJson = await malformed({ token, remoteAddress: anAddress() });
    expectProblem(badJson, 400, 'malformed_request');
    expectRateLimitHeaders(badJson, 5, 3);

    const unknownPath = await testApp.http.get('/api/v1/no-such-thing', { token });
    expectProblem(unknownPath, 404, 'not_found');
    expectRateLimitHeaders(unknownPath, 5, 2);

    const wrongType = await testApp.http.request('POST', LIST, { token, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
    expectProblem(wrongType, 415, 'unsupported_media_type');
    expectRateLimitHeaders(wrongType, 5, 1);

    const wrongMethod = await testApp.http.request('PUT', LIST, { token, body: {} });
    expectProblem(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.allow).toBeDefined();
    expectRateLimitHeaders(wrongMethod, 5, 0);

    // Over the limit, what else is wrong with the request no longer matters.
    const refused = await malformed({ token });
    const problem = expectProblem(refused, 429, 'rate_limited');
    expect(problem.instance).toBe(LIST);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectRateLimitHeaders(refused, 5, 0);
    expectProblem(await testApp.http.get('/api/v1/no-such-thing', { token }), 429, 'rate_limited');
    expectProblem(await testApp.http.get(LIST, { token }), 429, 'rate_limited');
  });

  it('counts //api/v1/… and /API/V1/… (404s) and bad percent-encoding (400) like any other refused request', async () => {
    const { token } = await createPremiumAccount(testApp);
    const paths = ['//api/v1/tournaments', '/API/V1/tournaments', '/Api/v1/leagues/x', '/api/v1/tournaments/%ZZ', `/api/v1/tournaments/${'x'.repeat(120)}`];
    for (const [i, path] of paths.entries()) {
      const response = await testApp.http.get(path, { token });
      expect(response.statusCode).toBe(i < paths.length - 1 ? (path.includes('%ZZ') ? 400 : 404) : 404);
      expectRateLimitHeaders(response, 5, Math.max(0, 4 - i));
    }
    expectProblem(await testApp.http.get('//api/v1/tournaments', { token }), 429, 'rate_limited');
  });

  it('counts a body over 64 KiB and a POST without Content-Type too (the first use of a token included)', async () => {
    const { token } = await createPremiumAccount(testApp);
    const huge = JSON.stringify({ name: 'x', description: 'y'.repeat(70 * 1024) });
    const tooLarge = await testApp.http.request('POST', LIST, { token, rawBody: huge, remoteAddress: anAddress() });
    expectProblem(tooLarge, 413, 'payload_too_large');
    expectRateLimitHeaders(tooLarge, 5, 4);

    const noType = await testApp.app.inject({
      method: 'POST',
      url: LIST,
      headers: { authorization: `Bearer ${token}` },
      payload: 'x',
      remoteAddress: anAddress(),
    });
    expectProblem(noType, 415, 'unsupported_media_type');
    expectRateLimitHeaders(noType, 5, 3);
  });

  it('counts them per client address when the token is missing, refused or a free account’s', async () => {
    const address = anAddress();
    const missing = await malformed({ remoteAddress: address });
    expectProblem(missing, 400, 'malformed_request');
    expectRateLimitHeaders(missing, 5, 4);
    const guessed = await testApp.http.get('/api/v1/no-such-thing', { token: 'tlm_guess', remoteAddress: address });
    expectProblem(guessed, 404, 'not_found');
    expectRateLimitHeaders(guessed, 5, 3);
    const { token: freeToken } = await createAccountWithToken(testApp, 'free');
    expectRateLimitHeaders(await malformed({ token: freeToken, remoteAddress: address }), 5, 2);
    // The same budget as the guard's for that address.
    const unauthenticated = await testApp.http.get(LIST, { remoteAddress: address });
    expectProblem(unauthenticated, 401, 'unauthenticated');
    expectRateLimitHeaders(unauthenticated, 5, 1);
    await malformed({ remoteAddress: address });
    expectProblem(await malformed({ remoteAddress: address }), 429, 'rate_limited');
    expectRateLimitHeaders(await malformed({ remoteAddress: anAddress() }), 5, 4);
  });

  it('counts a request refused after the guards once: an unknown id, an invalid body', async () => {
    const { token } = await createPremiumAccount(testApp);
    const notFound = await testApp.http.get(ONE(), { token });
    expectProblem(notFound, 404, 'not_found');
    expectRateLimitHeaders(notFound, 5, 4);
    const invalid = await testApp.http.post(LIST, { name: '' }, { token });
    expectProblem(invalid, 422, 'validation_failed');
    expectRateLimitHeaders(invalid, 5, 3);
    expect(remainingOf(await testApp.http.delete(ONE(), { token }))).toBe(2);
  });

  it('leaves the docs, health probes and paths outside /api/v1 unlimited and without headers, whatever the method or body', async () => {
    const address = anAddress();
    const requests: [string, string][] = [
      ['POST', '/api/v1/openapi.json'],
      ['DELETE', '/api/v1/openapi.json'],
      ['GET', '/api/v1/openapi.json'],
      ['POST', '/health/live'],
      ['GET', '/health/live'],
      ['POST', '/docs'],
      ['GET', '/no-such-thing'],
      ['POST', '/no-such-thing'],
    ];
    for (const [method, path] of requests) {
      for (let i = 0; i < 6; i++) {
        const response = await testApp.http.request(method as 'GET', path, { remoteAddress: address, rawBody: '{"name": ' });
        expect(response.statusCode).not.toBe(429);
        expect(rateLimitHeaderNames(response)).toEqual([]);
      }
    }
    const api = await testApp.http.get(LIST, { remoteAddress: address });
    expectRateLimitHeaders(api, 5, 4);
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
