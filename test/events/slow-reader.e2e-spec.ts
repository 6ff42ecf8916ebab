import { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { EventLog, NewEvent } from '../../src/events/domain/event-log';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';
import { SseClient } from './sse-client';

const MiB = 1024 * 1024;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
}

/** A client that stops reading costs the server one bounded buffer, then its stream. */
describe('a slow event-stream reader', () => {
  let testApp: TestApp;
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    testApp = await startTestApp();
    [port] = await freePorts(1);
    [server] = await startServers([port], { RATE_LIMIT_PER_MINUTE: '100000', EVENT_STREAM_BUFFER_BYTES: String(64 * 1024), EVENT_STREAM_STALL_MS: '2000' });
  }, 60_000);

  afterAll(async () => {
    await stopServers([server]);
    await testApp.close();
  });

  it('does not grow the server’s memory with what the client does not read, and drops the stream', async () => {
    const account = await createPremiumAccount(testApp);
    const orm = testApp.app.get(MikroORM);
    const payload = 'x'.repeat(3_000);
    const append = async (count: number) => {
      for (let from = 0; from < count; from += 500) {
        const events: NewEvent[] = Array.from({ length: 500 }, (_, index) => ({ accountId: account.id, type: 'league.updated', data: { n: from + index, payload } }));
        await RequestContext.create(orm.em, () => testApp.app.get(UnitOfWork).run(() => testApp.app.get(EventLog).append(...events)));
      }
    };
    const client = await SseClient.open(port, '/api/v1/events/stream', { authorization: `Bearer ${account.token}` });
    expect(client.status).toBe(200);
    client.pause();
    await append(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const baseline = rssOf(server.pid!);

    // 120 MB of events for a client that reads none of them; the server may hold one buffer, a tail and a page.
    await append(40_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const grown = rssOf(server.pid!) - baseline;
    expect(grown).toBeLessThan(64 * MiB);

    client.resume();
    await client.waitForEnd(10_000);
    expect(client.events.length).toBeLessThan(41_000);
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    // The run's database is shared by the files after this one: its 120 MB go with the account.
    await testApp.app.get(EntityManager).fork().execute('delete from accounts where id = ?', [account.id]);
  }, 90_000);
});
