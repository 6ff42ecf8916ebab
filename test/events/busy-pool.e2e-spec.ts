import { ChildProcess } from 'node:child_process';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { EventLog } from '../../src/events/domain/event-log';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestAppOnOwnDatabase, TestApp } from '../support/test-app';
import { SseClient } from './sse-client';

const POOL_SIZE = 2;

/**
 * Live streams read new events outside the request pool: with every pooled connection held by requests (here, status
 * changes waiting for a lock another session holds on the tournaments table), a committed event still reaches an open
 * stream. On a database of its own: the test locks a whole table.
 */
describe('event streams while the request pool is taken', () => {
  let testApp: TestApp;
  let server: ChildProcess;
  let port: number;
  let account: TestAccount;
  let blocker: Client;

  beforeAll(async () => {
    testApp = await startTestAppOnOwnDatabase();
    account = await createPremiumAccount(testApp);
    [port] = await freePorts(1);
    // Statements and the pool's acquire wait up to 20 s: the held requests keep their connections all along.
    const databaseUrl = testApp.config.databaseUrl!;
    [server] = await startServers([port], { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: '100000', DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_TIMEOUT_MS: '20000' });
    blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
  }, 60_000);

  afterAll(async () => {
    await blocker.end();
    await stopServers([server]);
    await testApp.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' } });

  it('delivers an event committed while every pooled connection waits for a lock', async () => {
    const created = await api('/api/v1/tournaments', { method: 'POST', body: JSON.stringify({ name: 'Held', format: 'swiss' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stream = await SseClient.open(port, '/api/v1/events/stream?types=league.updated', { authorization: `Bearer ${account.token}` });
    expect(stream.status).toBe(200);

    await blocker.query('begin');
    let held: Promise<Response[]> | undefined;
    try {
      // A table lock holds every status change (each in its own pooled connection's transaction) before its write.
      await blocker.query('lock table tournaments in exclusive mode');
      // Each status change takes a pooled connection into its transaction and waits there for the lock.
      held = Promise.all(Array.from({ length: POOL_SIZE }, () => api(`/api/v1/tournaments/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'registration_open' }) })));
      let waiting = 0;
      for (let attempt = 0; attempt < 200 && waiting < POOL_SIZE; attempt++) {
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'select%from tournaments%for no key update%'`,
        );
        waiting = rows[0].n;
        if (waiting < POOL_SIZE) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(POOL_SIZE);

      // Committed by another instance (this process): the server's sequencer numbers it and its streams read it.
      await RequestContext.create(testApp.app.get(MikroORM).em, () =>
        testApp.app.get(UnitOfWork).run(() => testApp.app.get(EventLog).append({ accountId: account.id, type: 'league.updated', data: { while: 'pool taken' } })),
      );
      await stream.waitForEvents(1, 15_000);
      expect(stream.events.map((event) => event.data.data)).toEqual([{ while: 'pool taken' }]);
    } finally {
      await blocker.query('rollback');
      stream.close();
    }
    expect((await held!).map((response) => response.status).sort()).toEqual([200, 200]);
  }, 60_000);
});
