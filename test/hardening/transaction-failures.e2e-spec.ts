import type { LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { expectProblem, startTestApp, TestApp } from '../support/test-app';

const DATABASE_TIMEOUT_MS = 1_500;

/**
 * A transactional write that meets trouble half-way (a lock held past the bound, its connection killed) is a 503
 * with Retry-After like any other database outage, never a 500, and changes nothing.
 */
describe('transactional writes that fail half-way', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let blocker: Client;

  beforeAll(async () => {
    testApp = await startTestApp({ databaseTimeoutMs: DATABASE_TIMEOUT_MS });
    owner = await createPremiumAccount(testApp);
    blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await blocker.connect();
  });
  afterAll(async () => {
    await blocker.end();
    await testApp.close();
  });

  async function draftTournament(): Promise<string> {
    const created = await testApp.http.post('/api/v1/tournaments', { name: 'Locked out', format: 'swiss' }, { token: owner.token });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string }>().id;
  }
  /** Another session holds the tournament's row lock in an open transaction until `release`. */
  async function holdRowLock(id: string): Promise<() => Promise<void>> {
    await blocker.query('begin');
    await blocker.query('select id from tournaments where id = $1 for update', [id]);
    return async () => void (await blocker.query('rollback'));
  }
  const openRegistration = (id: string) => testApp.http.patch(`/api/v1/tournaments/${id}`, { status: 'registration_open' }, { token: owner.token });
  const statusOf = async (id: string) => (await testApp.http.get(`/api/v1/tournaments/${id}`, { token: owner.token })).json<{ status: string }>().status;
  function expectUnavailable(response: LightMyRequestResponse): void {
    expectProblem(response, 503, 'service_unavailable');
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
  }

  it('answers a status change that waits for a lock past DATABASE_TIMEOUT_MS 503 with Retry-After', async () => {
    const id = await draftTournament();
    const release = await holdRowLock(id);
    const started = Date.now();
    let response: LightMyRequestResponse;
    try {
      response = await openRegistration(id);
    } finally {
      await release();
    }
    expectUnavailable(response);
    expect(Date.now() - started).toBeLessThan(2 * DATABASE_TIMEOUT_MS);
    expect(await statusOf(id)).toBe('draft');
  });

  it('answers a status change whose connection is lost mid-transaction 503 with Retry-After', async () => {
    const id = await draftTournament();
    const release = await holdRowLock(id);
    let response: LightMyRequestResponse;
    try {
      // Injected requests start when awaited: start this one now.
      const pending = Promise.resolve(openRegistration(id));
      // The write's own backend, waiting for the row lock inside its transaction: end it as a failover would.
      let terminated = false;
      for (let attempt = 0; attempt < 50 && !terminated; attempt++) {
        // The blocker is inside a transaction, where pg_stat_activity is a snapshot taken once: take a new one.
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query like '%for no key update%'`,
        );
        terminated = rows.some((row) => row.ended);
        if (!terminated) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(terminated).toBe(true);
      response = await pending;
    } finally {
      await release();
    }
    expectUnavailable(response);
    expect(await statusOf(id)).toBe('draft');
  });
});
