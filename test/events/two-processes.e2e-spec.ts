import { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { EventLog, NewEvent } from '../../src/events/domain/event-log';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount, regenerateToken, TestAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';
import { SseClient } from './sse-client';

/** Two real server processes (the built dist/main.js) on one database: a stream on one sees what the other commits. */
describe('event streams across two server processes', () => {
  let testApp: TestApp;
  let servers: ChildProcess[] = [];
  let ports: number[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    ports = await freePorts(2);
    servers = await startServers(ports, { RATE_LIMIT_PER_MINUTE: '100000' });
  }, 60_000);

  afterAll(async () => {
    // B was killed by a test: only the ones still running are stopped.
    await stopServers(servers.filter((server) => server.exitCode === null && server.signalCode === null));
    await testApp.close();
  });

  const [A, B] = [0, 1];
  const call = async (server: number, account: TestAccount, method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${ports[server]}${path}`, {
      method,
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const stream = (server: number, account: TestAccount, headers: Record<string, string> = {}, query = '') =>
    SseClient.open(ports[server], `/api/v1/events/stream${query}`, { authorization: `Bearer ${account.token}`, ...headers });

  /** Appends `count` events for the account through the real EventLog, in transactions of 500. */
  async function appendMany(account: TestAccount, count: number): Promise<void> {
    const orm = testApp.app.get(MikroORM);
    for (let from = 0; from < count; from += 500) {
      const events: NewEvent[] = Array.from({ length: Math.min(500, count - from) }, (_, index) => ({
        accountId: account.id,
        type: 'league.updated',
        data: { n: from + index },
      }));
      await RequestContext.create(orm.em, () => testApp.app.get(UnitOfWork).run(() => testApp.app.get(EventLog).append(...events)));
    }
  }

  it('streams on B a result reported on A', async () => {
    const account = await createPremiumAccount(testApp);
    const tournament = await call(A, account, 'POST', '/api/v1/tournaments', { name: `Cup ${randomUUID()}`, format: 'single_elimination' });
    const id = tournament.body.id as string;
    await call(A, account, 'POST', `/api/v1/tournaments/${id}/participants/bulk`, { participants: [{ name: 'A' }, { name: 'B' }] });
    await call(A, account, 'PATCH', `/api/v1/tournaments/${id}`, { status: 'in_progress' });
    const { body } = await call(A, account, 'GET', `/api/v1/tournaments/${id}/matches`);
    const match = (body.data as { id: string }[])[0];

    const client = await stream(B, account, {}, '?types=match.reported');
    expect(client.status).toBe(200);
    const reported = await call(A, account, 'PATCH', `/api/v1/tournaments/${id}/matches/${match.id}`, { scores: [3, 1] });
    expect(reported.status).toBe(200);
    await client.waitForEvents(1, 5_000);
    expect(client.events[0].data).toMatchObject({ type: 'match.reported', tournament_id: id, data: reported.body });
    client.close();
  });

  it('closes a stream on B when the token is regenerated elsewhere', async () => {
    const account = await createPremiumAccount(testApp);
    const client = await stream(B, account);
    expect(client.status).toBe(200);
    const started = Date.now();
    await regenerateToken(testApp, account.email);
    await client.waitForEnd(3_000);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('after kill -9 of B mid-stream, a reconnect to A with Last-Event-ID loses and duplicates nothing, 10 000 missed events included', async () => {
    const account = await createPremiumAccount(testApp);
    const first = await stream(B, account);
    await appendMany(account, 1_500);
    await first.waitForEvents(200, 10_000);
    servers[B].kill('SIGKILL');
    await first.waitForEnd(5_000);
    const received = first.events.map((event) => event.id);
    await appendMany(account, 10_000);

    const last = received.at(-1)!;
    const second = await stream(A, account, { 'last-event-id': String(last) });
    expect(second.status).toBe(200);
    await second.waitForEvents(11_500 - last, 30_000);
    const all = [...received, ...second.events.map((event) => event.id)];
    expect(all).toEqual(Array.from({ length: 11_500 }, (_, index) => index + 1));
    expect(second.events.at(-1)!.data.data).toEqual({ n: 9_999 });
    second.close();
    // The run's database is shared by the files after this one: these events go with the account.
    await testApp.app.get(EntityManager).fork().execute('delete from accounts where id = ?', [account.id]);
  }, 60_000);

  it('on SIGTERM ends its streams cleanly and exits 0 promptly', async () => {
    const account = await createPremiumAccount(testApp);
    const client = await stream(A, account);
    expect(client.status).toBe(200);
    const started = Date.now();
    await stopServers([servers[A]]);
    await client.waitForEnd(2_000);
    expect(servers[A].exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
