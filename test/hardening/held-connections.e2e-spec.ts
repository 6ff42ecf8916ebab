import { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../src/platform/persistence/sql';
import { createPremiumAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';

const BASE = '/api/v1/tournaments';

/**
 * Statements outside transactions keep their pool connection between them (HeldConnections). With a pool of two and
 * thirty readers that never pause, a transaction must still get a connection as soon as a statement ends, and the
 * pool must have every connection back once the readers stop.
 */
describe('connections held between statements', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ databasePoolSize: 2, databaseTimeoutMs: 5_000 });
  });

  afterAll(() => testApp.close());

  it('a transaction waiting for the pool is served between statements, and nothing stays lent', async () => {
    const account = await createPremiumAccount(testApp);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await testApp.http.post(BASE, { name: `Held ${i}`, format: 'swiss' }, { token: account.token });
      ids.push(created.json().id);
    }
    let reading = true;
    const statuses = new Map<number, number>();
    const reader = async (n: number) => {
      for (let i = n; reading; i++) {
        const response = await testApp.http.get(`${BASE}/${ids[i % ids.length]}`, { token: account.token });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    };
    const readers = Array.from({ length: 30 }, (_, n) => reader(n));

    const em = testApp.app.get(EntityManager);
    const waits: number[] = [];
    const readsBefore = [...statuses.values()].reduce((a, b) => a + b, 0);
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await em.fork().transactional(async (tx) => {
        waits.push(performance.now() - started);
        await tx.execute('select 1');
      });
    }
    const readsDuring = [...statuses.values()].reduce((a, b) => a + b, 0) - readsBefore;
    reading = false;
    await Promise.all(readers);

    expect([...statuses.keys()]).toEqual([200]);
    expect(readsDuring).toBeGreaterThan(10); // the readers kept both connections busy meanwhile
    // Served behind at most a few statements, never after the pool's acquire timeout (about 5 s here).
    expect(Math.max(...waits)).toBeLessThan(2_000);

    await expectAllReturned();
  });

  it('statements that follow each other without a pause still let a transaction in', async () => {
    const em = testApp.app.get(EntityManager);
    let running = true;
    // Each loop takes its connection back the moment its statement ends: never unused long enough to be swept.
    const loops = Array.from({ length: 4 }, async () => {
      while (running) await queryRows(em, 'select pg_sleep(0.05)', []);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await em.fork().transactional((tx) => tx.execute('select 1'));
    const waited = performance.now() - started;
    running = false;
    await Promise.all(loops);
    expect(waited).toBeLessThan(2_000); // one statement's time, not the pool's acquire timeout
    await expectAllReturned();
  });

  /**
   * Every connection goes back to the pool once the work stops. A background loop (the standings refresher's poll)
   * may borrow one for a moment at any time, so the check waits for a moment when none is lent, within 2 s: a
   * connection that stays lent fails it.
   */
  async function expectAllReturned(): Promise<void> {
    const deadline = Date.now() + 2_000;
    while (lentConnections() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lentConnections()).toBe(0);
  }

  function lentConnections(): number {
    return (testApp.app.get(EntityManager).getConnection().getKnex().client as { pool: { numUsed(): number } }).pool.numUsed();
  }
});
