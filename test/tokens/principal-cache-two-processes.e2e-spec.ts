import { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { createPremiumAccount, inRequestContext, regenerateToken, TestAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';

/** The promise: a change made anywhere is refused on every other instance within 100 ms. */
const PROPAGATION_MS = 100;

/**
 * Two real server processes on one database, each with its principal cache
 * warm, and changes made elsewhere (this test's in-process app, or plain SQL).
 */
describe('principal cache across two server processes', () => {
  let testApp: TestApp;
  let servers: ChildProcess[] = [];
  let ports: number[] = [];
  let sql: Client;

  beforeAll(async () => {
    testApp = await startTestApp();
    ports = await freePorts(2);
    servers = await startServers(ports, { RATE_LIMIT_PER_MINUTE: '100000' });
    sql = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql.end();
    await stopServers(servers);
    await testApp.close();
  });

  const statusOn = async (port: number, token: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/tournaments?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  const statusesEverywhere = (token: string) => Promise.all(ports.map((port) => statusOn(port, token)));
  const afterPropagation = () => new Promise((resolve) => setTimeout(resolve, PROPAGATION_MS));
  /** A new account whose token both processes have cached (after the notification of its creation has passed). */
  const warmed = async (): Promise<TestAccount> => {
    const account = await createPremiumAccount(testApp);
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([200, 200]);
    return account;
  };
  /** Plain SQL that fires no trigger (so sends no notification): only a cache that is bypassed or flushed can see it. */
  const silently = async (statement: string, values: unknown[]) => {
    await sql.query('set session_replication_role = replica');
    try {
      await sql.query(statement, values);
    } finally {
      await sql.query('set session_replication_role = default');
    }
  };

  it('serves a warm token from memory: a change no trigger reports is not seen at once', async () => {
    const account = await warmed();
    await silently('delete from api_tokens where account_id = $1', [account.id]);
    expect(await statusesEverywhere(account.token)).toEqual([200, 200]);
    await sql.query('delete from accounts where id = $1', [account.id]);
  });

  it('refuses a regenerated token on both processes within 100 ms, and accepts the new one', async () => {
    const account = await warmed();
    const fresh = await regenerateToken(testApp, account.email);
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([401, 401]);
    expect(await statusesEverywhere(fresh)).toEqual([200, 200]);
  });

  it('refuses a downgraded account with 403 on both within 100 ms, and a revoked token with 401', async () => {
    const account = await warmed();
    await inRequestContext(testApp, (accounts) => accounts.setPlan(account.email, 'free'));
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([403, 403]);
    await inRequestContext(testApp, (accounts) => accounts.setPlan(account.email, 'premium'));
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([200, 200]);
    await inRequestContext(testApp, (accounts) => accounts.revokeToken(account.email));
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([401, 401]);
  });

  it('refuses the token of an account deleted by plain SQL (any write path) within 100 ms', async () => {
    const account = await warmed();
    await sql.query('delete from accounts where id = $1', [account.id]);
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([401, 401]);
  });

  it('stops trusting memory when its notification connection is cut, until it is back and has flushed', async () => {
    const account = await warmed();
    const { rowCount } = await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'principal-cache-listener' and datname = current_database()`,
    );
    expect(rowCount).toBeGreaterThanOrEqual(ports.length);
    await silently('delete from api_tokens where account_id = $1', [account.id]);
    await afterPropagation();
    expect(await statusesEverywhere(account.token)).toEqual([401, 401]);
    // The feed comes back by itself, and caching with it: a fresh token is served again.
    const fresh = await regenerateToken(testApp, account.email);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await statusesEverywhere(fresh)).toEqual([200, 200]);
    const { rows } = await sql.query(
      `select count(*)::int as listeners from pg_stat_activity where application_name = 'principal-cache-listener' and datname = current_database()`,
    );
    expect(rows[0].listeners).toBeGreaterThanOrEqual(ports.length);
  });
});
