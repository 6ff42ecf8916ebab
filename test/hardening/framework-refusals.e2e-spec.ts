import { createPremiumAccount, TestAccount } from '../support/accounts';
import { rawExchange } from '../support/raw-http';
import { expectProblem, startTestApp, TestApp } from '../support/test-app';
import { freePorts } from '../support/server-processes';

let PORT: number;

/** Refusals the framework makes before any route runs are problem+json too, with a request id (and counted under /api/v1). */
describe('refusals before routing', () => {
  let testApp: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    [PORT] = await freePorts(1);
    testApp = await startTestApp({ rateLimitPerMinute: 1_000 });
    account = await createPremiumAccount(testApp);
    await testApp.app.listen({ port: PORT, host: '127.0.0.1' });
  });

  afterAll(() => testApp.close());

  it.each(['/api/v1/tournaments/%ZZ', '/api/v1/tournaments/%ff', '/api/v1/%E0%A4%A'])('a path that is not valid percent-encoding (%s) is a counted 400 problem', async (path) => {
    const response = await testApp.http.get(path, { token: account.token });
    expectProblem(response, 400, 'malformed_request');
    expect(response.headers).toMatchObject({ 'x-ratelimit-limit': '1000', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    expect(response.json().detail).toBe('The request path is not valid percent-encoding.');
  });

  it('an id longer than 100 characters is a counted 404 problem, as for any other unknown id', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await testApp.http.request(method, `/api/v1/tournaments/${'a'.repeat(150)}`, { token: account.token, body: {} });
      expectProblem(response, 404, 'not_found');
      expect(response.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
      expect(response.json().detail).toBe('No resource lives at this path.');
    }
  });

  it('an unknown method is a 400 problem with a request id', async () => {
    const response = await rawExchange(PORT, 'FOO /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: 400, code: 'malformed_request', request_id: response.headers['x-request-id'] });
  });

  it.each(['/api/v1/tournaments', '/health/live', '/account/signin', '/no/such/path'])(
    'a request without a Host header (%s) is a 400 problem with a request id, not a bare 400',
    async (path) => {
      const response = await rawExchange(PORT, `GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${account.token}\r\nConnection: close\r\n\r\n`);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(response.body)).toMatchObject({
        status: 400,
        code: 'malformed_request',
        detail: 'The request has no Host header, which HTTP/1.1 requires.',
        request_id: response.headers['x-request-id'],
      });
    },
  );

  it('an HTTP/1.0 request without a Host header is served as before', async () => {
    const response = await rawExchange(PORT, 'GET /health/live HTTP/1.0\r\n\r\n');
    expect(response.status).toBe(200);
  });

  it('an over-long URL is a 431 problem with a request id, not an echo of the URL', async () => {
    const url = `/api/v1/tournaments?q=${'x'.repeat(20_000)}`;
    const response = await rawExchange(PORT, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: 431, code: 'request_header_fields_too_large', request_id: response.headers['x-request-id'] });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a method Node knows but no route serves is a 405 problem over a real socket', async () => {
    const response = await rawExchange(PORT, `PROPFIND /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${account.token}\r\nConnection: close\r\n\r\n`);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });
});
