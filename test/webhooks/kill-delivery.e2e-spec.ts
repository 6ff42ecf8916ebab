import { ChildProcess } from 'node:child_process';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { EventLog, NewEvent } from '../../src/events/domain/event-log';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from './receiver';

const EVENTS = 5_000;
/** The delivering process: short timeouts so a killed one's leases expire in seconds (lease = 2 × timeout + 5 s). */
const DELIVERY_ENV = { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_CONCURRENCY: '4', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_POLL_MS: '100', EVENT_POLL_MS: '100' };

/**
 * At least once across a crash: the process sending 5 000 events to 3 endpoints is killed with SIGKILL mid-way
 * and another takes over. Every endpoint gets every event, in order, and sees again at most the one that was in
 * flight when the process died.
 */
describe('webhook delivery when the delivering process is killed', () => {
  let testApp: TestApp;
  let servers: ChildProcess[] = [];
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // Sends nothing itself (webhookConcurrency 0): it creates the endpoints and appends the events.
    testApp = await startTestApp({ webhookAllowHosts: ['127.0.0.1'] });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers.filter((server) => server.exitCode === null && server.signalCode === null));
    await Promise.all(receivers.map((r) => r.close()));
    await testApp.close();
  });

  it('delivers every event to every endpoint at least once, in order, after a kill -9 and a restart', async () => {
    const account = await createPremiumAccount(testApp);
    for (let i = 0; i < 3; i++) {
      const receiver = await Receiver.start();
      receivers.push(receiver);
      const created = await testApp.http.post('/api/v1/webhooks', { url: receiver.url(), event_types: ['league.updated'] }, { token: account.token });
      expect(created.statusCode).toBe(201);
    }
    servers = await startServers(await freePorts(1), DELIVERY_ENV);

    const orm = testApp.app.get(MikroORM);
    for (let from = 0; from < EVENTS; from += 500) {
      const events: NewEvent[] = Array.from({ length: 500 }, (_, index) => ({ accountId: account.id, type: 'league.updated', data: { n: from + index } }));
      await RequestContext.create(orm.em, () => testApp.app.get(UnitOfWork).run(() => testApp.app.get(EventLog).append(...events)));
    }

    const total = () => receivers.reduce((sum, r) => sum + r.received.length, 0);
    // Mid-way: once a tenth of the deliveries arrived.
    const deadline = Date.now() + 30_000;
    while (total() < (3 * EVENTS) / 10) {
      if (Date.now() > deadline) throw new Error(`only ${total()} deliveries before the kill`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    servers[0].kill('SIGKILL');
    await new Promise((resolve) => servers[0].once('exit', resolve));
    const atKill = receivers.map((r) => r.received.length);
    expect(Math.min(...atKill)).toBeLessThan(EVENTS);

    servers.push(...(await startServers(await freePorts(1), DELIVERY_ENV)));
    // Each endpoint's queue goes one message at a time (its order): 66 s for the whole test at load average 2–5
    // on two cores, 163 s at 10–13.
    await Promise.all(receivers.map((r) => r.waitFor(EVENTS, 150_000)));
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const receiver of receivers) {
      const sequences = receiver.events().map((event) => event.sequence!);
      const firstSeen: number[] = [];
      const seen = new Set<number>();
      for (const sequence of sequences) {
        if (seen.has(sequence)) continue;
        seen.add(sequence);
        firstSeen.push(sequence);
      }
      expect(firstSeen).toEqual(Array.from({ length: EVENTS }, (_, index) => index + 1));
      // One sender per endpoint: only what was in flight at the kill can come twice (the attempt under way, and the
      // previous one while its success was being recorded).
      expect(sequences.length - seen.size).toBeLessThanOrEqual(2);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(EVENTS);
    }
  }, 200_000);
});
