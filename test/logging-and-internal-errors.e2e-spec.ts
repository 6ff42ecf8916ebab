import { Writable } from 'node:stream';
import pino from 'pino';
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { AppConfig } from '../src/config/app-config';
import { createPremiumAccount } from './support/accounts';
import { withDatabaseName } from './support/global-setup';
import { expectProblem, TestApp, TestHttp } from './support/test-app';

/** An app whose JSON log lines are captured, on a database of its own that the test may break. */
describe('request logs and unexpected errors', () => {
  const name = `${process.env.TEST_DATABASE_NAME}_logs`;
  const adminUrl = () => withDatabaseName(process.env.TEST_DATABASE_URL!, 'postgres');
  const lines: Record<string, unknown>[] = [];
  let testApp: TestApp;

  async function sql(database: string, statement: string): Promise<void> {
    const client = new Client({ connectionString: database === 'postgres' ? adminUrl() : withDatabaseName(process.env.TEST_DATABASE_URL!, database) });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  }

  beforeAll(async () => {
    await sql('postgres', `CREATE DATABASE "${name}"`);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = AppConfig.fromEnvironment({}).with({ databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL!, name), rateLimitPerMinute: 1000 });
    const app = await createApp(config, pino({ level: 'info' }, sink));
    testApp = { app, config, http: new TestHttp(app), close: () => app.close() };
  });

  afterAll(async () => {
    await testApp.close();
    await sql('postgres', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('writes one JSON line per request with method, route, status, duration, request id and account, never the token', async () => {
    const account = await createPremiumAccount(testApp);
    lines.length = 0;
    const response = await testApp.http.get('/api/v1/tournaments?limit=5', { token: account.token, headers: { 'x-request-id': 'log-test-1' } });
    expect(response.statusCode).toBe(200);
    const requestLines = lines.filter((line) => line.request_id === 'log-test-1');
    expect(requestLines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'GET',
        route: '/api/v1/tournaments',
        status: 200,
        duration_ms: expect.any(Number),
        account_id: account.id,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(account.token.slice(4));
  });

  it('names the path (without its query) of a request no route matched', async () => {
    lines.length = 0;
    expect((await testApp.http.get('/api/v1/tournamentz?limit=5', { headers: { 'x-request-id': 'log-test-404' } })).statusCode).toBe(404);
    expect(lines.filter((line) => line.request_id === 'log-test-404')).toEqual([
      expect.objectContaining({ msg: 'request completed', route: null, path: '/api/v1/tournamentz', status: 404 }),
    ]);
  });

    it('answers an unexpected failure with a 500 problem that reveals no SQL or stack, and logs it without the values sent', async () => {
    const account = await createPremiumAccount(testApp);
    // A constraint the application knows nothing about: the insert fails with a database error.
    await sql(name, 'ALTER TABLE tournaments ADD CONSTRAINT surprise CHECK (false) NOT VALID');
    try {
      const response = await testApp.http.post('/api/v1/tournaments', { name: 'Private Cup 7f3a', format: 'swiss' }, { token: account.token });
      const problem = expectProblem(response, 500, 'internal_error');
      const { instance: _path, ...rest } = problem;
      expect(JSON.stringify(rest)).not.toMatch(/insert|surprise|constraint|tournaments|at \w+ \(/i);
      const errorLines = lines.filter((line) => line.level === 50);
      expect(errorLines).toEqual([expect.objectContaining({ request_id: problem.request_id, msg: expect.stringContaining('surprise') })]);
      // The failed statement is logged with placeholders, not with the customer's data bound into it.
      expect(JSON.stringify(errorLines)).not.toContain('Private Cup 7f3a');
    } finally {
      await sql(name, 'ALTER TABLE tournaments DROP CONSTRAINT surprise');
    }
  });
});
