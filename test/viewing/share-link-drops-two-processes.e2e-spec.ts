import { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * Two real server processes on one database, each with the share link's view cached and fresh: once the answer to
 * the organiser's PATCH to private, DELETE or rotation has come back from one of them, both answer 404.
 */
describe('a share link made private, deleted or rotated, across two server processes', () => {
  let testApp: TestApp;
  let servers: ChildProcess[] = [];
  let ports: number[] = [];
  let owner: TestAccount;
  let sql: Client;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    ports = await freePorts(2);
    servers = await startServers(ports, { RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
    sql = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql.end();
    await stopServers(servers);
    await testApp.close();
  });

  const api = async (port: number, method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const viewStatus = async (port: number, path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    await response.arrayBuffer();
    return response.status;
  };
  /** Every representation on both processes, read just now (so each holds a fresh cached view). */
  const everywhere = (shareId: string) =>
    Promise.all(ports.flatMap((port) => [`/v/${shareId}`, `/v/${shareId}.json`, `/v/${shareId}/embed`].map((path) => viewStatus(port, path))));
  const create = async (kind: 'tournaments' | 'leagues') => {
    const body = kind === 'tournaments' ? { name: 'Shared cup', format: 'single_elimination', visibility: 'unlisted' } : { name: 'Shared league', visibility: 'unlisted' };
    const created = await api(ports[0], 'POST', `/api/v1/${kind}`, body);
    expect(created.status).toBe(201);
    return { base: `/api/v1/${kind}/${created.json.id as string}`, shareId: created.json.share_id as string };
  };

  const changes = [
    ['made private', (base: string) => api(ports[0], 'PATCH', base, { visibility: 'private' }), 200],
    ['deleted', (base: string) => api(ports[0], 'DELETE', base), 204],
    ['rotated', (base: string) => api(ports[0], 'POST', `${base}/share/rotate`), 200],
  ] as const;

  it.each(changes.flatMap(([what, change, status]) => (['tournaments', 'leagues'] as const).map((kind) => [`${kind} ${what}`, kind, change, status] as const)))(
    '%s: 404 on both processes as soon as the answer is back, five times in a row',
    async (_, kind, change, status) => {
      for (let round = 0; round < 5; round++) {
        const { base, shareId } = await create(kind);
        expect(await everywhere(shareId)).toEqual([200, 200, 200, 200, 200, 200]);
        expect((await change(base)).status).toBe(status);
        expect(await everywhere(shareId)).toEqual([404, 404, 404, 404, 404, 404]);
      }
    },
  );

  it('never serves memory while its notification connection is cut: a change no trigger reports is seen at once', async () => {
    const { base, shareId } = await create('tournaments');
    expect(await everywhere(shareId)).toEqual([200, 200, 200, 200, 200, 200]);
    const { rowCount } = await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'viewer-share-links' and datname = current_database()`);
    expect(rowCount).toBeGreaterThanOrEqual(ports.length);
    // Plain SQL with triggers off: no notification, so only a cache that is suspended or flushed can see it.
    await sql.query('set session_replication_role = replica');
    try {
      await sql.query(`update tournaments set visibility = 'private', share_id = null where id = $1`, [base.split('/').at(-1)]);
    } finally {
      await sql.query('set session_replication_role = default');
    }
    expect(await everywhere(shareId)).toEqual([404, 404, 404, 404, 404, 404]);
    // The feed comes back by itself (bounded wait), and caching with it.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await sql.query(`select count(*)::int as n from pg_stat_activity where application_name = 'viewer-share-links' and datname = current_database()`);
      if (rows[0].n >= ports.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const again = await create('tournaments');
    expect(await everywhere(again.shareId)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await api(ports[0], 'PATCH', again.base, { visibility: 'private' })).status).toBe(200);
    expect(await everywhere(again.shareId)).toEqual([404, 404, 404, 404, 404, 404]);
  });
});
