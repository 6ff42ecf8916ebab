import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Session } from 'fastify';
import { PgSessionStore, sessionDigest } from '../../src/account-web/persistence/pg-session.store';
import { startTestApp, TestApp } from '../support/test-app';

/** The session store's expiry rules, on the real table (idle 30 minutes, absolute 2 hours here). */
describe('PgSessionStore', () => {
  let testApp: TestApp;
  let store: PgSessionStore;
  let em: EntityManager;

  beforeAll(async () => {
    testApp = await startTestApp({ sessionIdleMinutes: 30, sessionAbsoluteHours: 2 });
    em = testApp.app.get(EntityManager);
    store = new PgSessionStore(em, testApp.config);
  });
  afterAll(() => testApp.close());

  const set = (id: string, data: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => store.set(id, data as unknown as Session, (error) => (error ? reject(error) : resolve())));
  const get = (id: string) =>
    new Promise<Record<string, unknown> | null | undefined>((resolve, reject) =>
      store.get(id, (error, session) => (error ? reject(error) : resolve(session as Record<string, unknown> | null | undefined))),
    );
  const destroy = (id: string) => new Promise<void>((resolve, reject) => store.destroy(id, (error) => (error ? reject(error) : resolve())));
  const sql = (query: string, params: unknown[]) => em.getConnection().execute(query, params, 'all');
  const secondsLeft = async (id: string) =>
    Number((await sql('select extract(epoch from expires_at - now()) as left from account_sessions where id_digest = ?', [sessionDigest(id)]))[0].left);

  it('keeps sessions under the digest of their id, never the id itself', async () => {
    const id = randomUUID();
    await set(id, { note: 'hello' });
    expect(await get(id)).toMatchObject({ note: 'hello' });
    expect(await sql('select 1 from account_sessions where id_digest = ?', [id])).toHaveLength(0);
    await destroy(id);
    expect(await get(id)).toBeNull();
  });

  it('ends a session left idle, and moves the idle deadline on at each read', async () => {
    const id = randomUUID();
    await set(id, {});
    await sql("update account_sessions set expires_at = now() + interval '10 seconds' where id_digest = ?", [sessionDigest(id)]);
    expect(await get(id)).not.toBeNull();
    expect(await secondsLeft(id)).toBeGreaterThan(29 * 60);
    await sql("update account_sessions set expires_at = now() - interval '1 second' where id_digest = ?", [sessionDigest(id)]);
    expect(await get(id)).toBeNull();
  });

  it('ends a session at its absolute lifetime however busy it is', async () => {
    const id = randomUUID();
    await set(id, {});
    await sql("update account_sessions set created_at = now() - interval '1 hour 50 minutes' where id_digest = ?", [sessionDigest(id)]);
    expect(await get(id)).not.toBeNull();
    expect(await secondsLeft(id)).toBeLessThanOrEqual(10 * 60);
    await set(id, { still: 'here' });
    expect(await secondsLeft(id)).toBeLessThanOrEqual(10 * 60);
    await sql("update account_sessions set created_at = now() - interval '2 hours 1 second' where id_digest = ?", [sessionDigest(id)]);
    expect(await get(id)).toBeNull();
  });
});
