import { Client } from 'pg';
import { withDatabaseName } from './support/global-setup';
import { expectProblem, startTestApp, TestApp } from './support/test-app';

describe('foundation: health, errors, request ids', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp.close());

  it('reports liveness and readiness with the schema migrated', async () => {
    const live = await testApp.http.get('/health/live');
    expect(live.statusCode).toBe(200);
    const ready = await testApp.http.get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await testApp.http.get('/no/such/thing?x=1');
    const problem = expectProblem(response, 404, 'not_found');
    expect(problem.instance).toBe('/no/such/thing');
    expect(problem.type).toBe('/docs#problem-not_found');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await testApp.http.request('DELETE', '/health/live');
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const echoed = await testApp.http.get('/health/live', { headers: { 'x-request-id': 'client-abc.123' } });
    expect(echoed.headers['x-request-id']).toBe('client-abc.123');
    const replaced = await testApp.http.get('/health/live', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('treats a GET carrying Content-Type: application/json and no body like any GET', async () => {
    const response = await testApp.http.get('/health/ready', { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('foundation: database outage', () => {
  const name = `${process.env.TEST_DATABASE_NAME}_outage`;
  const adminUrl = () => withDatabaseName(process.env.TEST_DATABASE_URL!, 'postgres');
  let testApp: TestApp;

  async function admin(sql: string): Promise<void> {
    const client = new Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    testApp = await startTestApp({ databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL!, name) });
  });

  afterAll(async () => {
    await testApp.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('answers 503 with Retry-After when the database goes away', async () => {
    expect((await testApp.http.get('/health/ready')).statusCode).toBe(200);
    await admin(`DROP DATABASE "${name}" WITH (FORCE)`);
    const response = await testApp.http.get('/health/ready');
    expectProblem(response, 503, 'service_unavailable');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});
