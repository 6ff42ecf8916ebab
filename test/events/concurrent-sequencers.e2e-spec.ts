import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { AppConfig } from '../../src/config/app-config';
import { EventLog } from '../../src/events/domain/event-log';
import { EventStore } from '../../src/events/domain/event-store';
import { MaintenanceConnection } from '../../src/events/persistence/maintenance-connection';
import { PostgresEventStore } from '../../src/events/persistence/postgres-event-store';
import { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { createPremiumAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const WRITES = 400;
const SEQUENCERS = 4;

/**
 * Several instances' sequencers racing for the same events, as replicas do: one of them can take its snapshot
 * just before another commits a pass and win the lock just after. An event keeps the first sequence it was
 * given, and each account's sequences still run 1…n with the counter at n.
 */
describe('event sequencers of several instances', () => {
  let testApp: TestApp;
  const connections: MaintenanceConnection[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.onApplicationShutdown()));
    await testApp.close();
  });

  it('never renumber an event nor leave a gap', async () => {
    const account = await createPremiumAccount(testApp);
    const orm = testApp.app.get(MikroORM);
    const log = testApp.app.get(EventLog);
    const unitOfWork = testApp.app.get(UnitOfWork);
    const store = testApp.app.get(EventStore);
    const stores = Array.from({ length: SEQUENCERS }, () => {
      const connection = new MaintenanceConnection(testApp.app.get(AppConfig));
      connections.push(connection);
      return new PostgresEventStore(testApp.app.get(EntityManager), connection);
    });

    let appended = 0;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = writer; i < WRITES; i += 4) {
        const events = Array.from({ length: 1 + (i % 3) }, (_, part) => ({ accountId: account.id, type: 'league.updated' as const, data: { i, part } }));
        await RequestContext.create(orm.em, () => unitOfWork.run(() => log.append(...events)));
        appended += events.length;
      }
    });
    let writing = true;
    const sequencers = stores.map(async (sequencer) => {
      while (writing) await sequencer.sequencePending(5);
    });
    const firstSequence = new Map<string, number>();
    const reader = (async () => {
      while (writing) {
        const { events } = await store.read(account.id, 0, {}, 10_000);
        for (const event of events) if (!firstSequence.has(event.id)) firstSequence.set(event.id, event.sequence);
      }
    })();
    await Promise.all(writers);
    while ((await store.head(account.id)) < appended) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await Promise.all([...sequencers, reader]);

    const { events, head } = await store.read(account.id, 0, {}, 10_000);
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, position) => position + 1));
    expect(events).toHaveLength(appended);
    expect(head).toBe(appended);
    const renumbered = events.filter((event) => firstSequence.has(event.id) && firstSequence.get(event.id) !== event.sequence);
    expect(renumbered).toEqual([]);
  }, 120_000);
});
