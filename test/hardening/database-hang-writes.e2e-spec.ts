import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createPremiumAccount } from '../support/accounts';
import { BuiltServer, startReadyServer } from '../support/built-server';
import { EmbeddedPostgresCluster } from '../support/embedded-postgres-cluster';
import { freePorts } from '../support/server-processes';
import { startTestApp } from '../support/test-app';

const DATABASE_TIMEOUT_MS = 2_000;
/** How long PostgreSQL stays hung: the 10 s, requests started during the first part of it. */
const HANG_MS = 10_000;
/** Requests start only this early in the hang, so each one's whole answer falls inside it (it must take ≤ 2 × the timeout). */
const FIRE_FOR_MS = HANG_MS - 2 * DATABASE_TIMEOUT_MS - 1_000;
const FIRE_EVERY_MS = 250;

interface Answer {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

/**
 * Transactional writes (bulk registration, match reports, status changes) while the built server's embedded
 * PostgreSQL is hung: each is a 503 with Retry-After, never a 500, whatever step of the transaction it was in.
 */
describe('transactional writes while PostgreSQL is hung', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tlm-issue26-'));
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const cluster = new EmbeddedPostgresCluster(join(dataDir, 'postgres'));
  let port: number;
  let built: BuiltServer;
  let server: ChildProcess;
  let token: string;
  let draftIds: string[] = [];
  let matchPaths: string[] = [];
  let nameCounter = 0;
  let databaseUrl: string;

  async function call(what: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return {
      what,
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
      contentType: response.headers.get('content-type'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }
  const created = async (path: string, body: unknown) => {
    const answer = await call('setup', 'POST', path, body);
    if (answer.status !== 201) throw new Error(`setup ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const someParticipants = (count: number) =>
    Array.from({ length: count }, () => ({ name: `Player ${++nameCounter}`, metadata: { club: 'Hanging Rock' } }));

  /** One of each transactional write; the i-th of a kind targets its own tournament or match, so none queue on a lock the test made. */
  const writes = (i: number): Array<Promise<Answer>> => [
    call('bulk add', 'POST', `/api/v1/tournaments/${draftIds[i % draftIds.length]}/participants/bulk`, { participants: someParticipants(8) }),
    call('report', 'PATCH', matchPaths[i % matchPaths.length], { scores: [2, 1] }),
    call('status change', 'PATCH', `/api/v1/tournaments/${draftIds[(i + 7) % draftIds.length]}`, { status: 'registration_open' }),
  ];

  beforeAll(async () => {
    let dbPort: number;
    [port, dbPort] = await freePorts(2);
    built = await startReadyServer(
      port,
      {
        DATABASE_URL: '',
        DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
        DATA_DIR: dataDir,
        EMBEDDED_DB_PORT: String(dbPort),
        RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: process.env.HARDENING_LOG_LEVEL ?? 'fatal',
      },
      90_000,
    );
    server = built.child;
    const password = readFileSync(join(dataDir, 'embedded-postgres.password'), 'utf8').trim();
    databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/tournaments`;
    const setup = await startTestApp({ databaseUrl });
    token = (await createPremiumAccount(setup)).token;
    await setup.close();

    const league = await created('/api/v1/tournaments', { name: 'Played during the hang', format: 'round_robin' });
    await created(`/api/v1/tournaments/${league.id}/participants/bulk`, { participants: someParticipants(16) });
    const started = await call('setup', 'PATCH', `/api/v1/tournaments/${league.id}`, { status: 'in_progress' });
    expect(started.status).toBe(200);
    const matches = await call('setup', 'GET', `/api/v1/tournaments/${league.id}/matches?status=ready&limit=100`);
    matchPaths = (matches.body.data as Array<{ id: string }>).map((match) => `/api/v1/tournaments/${league.id}/matches/${match.id}`);
    for (let i = 0; i < 20; i++) draftIds.push((await created('/api/v1/tournaments', { name: `Draft ${i}`, format: 'swiss' })).id as string);
  }, 150_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    try {
      cluster.stop();
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every bulk add, report and status change 503 with Retry-After within 2 × DATABASE_TIMEOUT_MS, none 500', async () => {
    const warmUp = await Promise.all(writes(0));
    expect(warmUp.map((answer) => answer.status)).toEqual([201, 200, 200]);
    draftIds = draftIds.slice(1);
    matchPaths = matchPaths.slice(1);

    const thaw = cluster.freeze();
    const pending: Array<Promise<Answer>> = [];
    let answers: Answer[];
    try {
      const firingStarted = Date.now();
      for (let i = 0; Date.now() - firingStarted < FIRE_FOR_MS; i++) {
        pending.push(...writes(i));
        await new Promise((resolve) => setTimeout(resolve, FIRE_EVERY_MS));
      }
      answers = await Promise.all(pending);
    } finally {
      thaw();
    }
    if (process.env.HARDENING_REPORT) {
      const slowest = Math.max(...answers.map((answer) => answer.ms));
      process.stdout.write(`hung-database writes: ${answers.length} answered, slowest ${slowest} ms\n${built.output()}\n`);
    }
    const unexpected = answers
      .filter((answer) => answer.status !== 503 || answer.body.code !== 'service_unavailable' || !/^\d+$/.test(answer.retryAfter ?? ''))
      .map((answer) => `${answer.what}: ${answer.status} ${String(answer.body.code)} ${String(answer.body.detail)}`);
    expect(unexpected).toEqual([]);
    for (const answer of answers) {
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
      expect(answer.ms).toBeLessThanOrEqual(2 * DATABASE_TIMEOUT_MS);
    }
  }, 120_000);

  it('commits every write acknowledged after the hang (no pooled connection left inside a transaction a late BEGIN opened)', async () => {
    const thaw = cluster.freeze();
    try {
      // Transactions whose BEGIN the frozen server will run late, after their clients gave up on it.
      await Promise.all(Array.from({ length: 6 }, (_, i) => call('status change', 'PATCH', `/api/v1/tournaments/${draftIds[i]}`, { status: 'draft' })));
    } finally {
      thaw();
    }
    const reader = new Client({ connectionString: databaseUrl });
    await reader.connect();
    try {
      const acknowledged: string[] = [];
      const refusals: string[] = [];
      const deadline = Date.now() + 30_000;
      while (acknowledged.length < 12 && Date.now() < deadline) {
        const answer = await call('create', 'POST', '/api/v1/tournaments', { name: `After the hang ${acknowledged.length}`, format: 'swiss' });
        if (answer.status === 201) acknowledged.push(answer.body.id as string);
        else {
          refusals.push(`${answer.status} ${String(answer.body.code)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      expect({ acknowledged: acknowledged.length, refusals: refusals.filter((refusal) => !refusal.startsWith('503 ')) }).toEqual({ acknowledged: 12, refusals: [] });
      // Read on a connection of its own: what is committed, not what one pooled session sees.
      const { rows } = await reader.query<{ id: string }>('select id from tournaments where id = any($1::uuid[])', [acknowledged]);
      expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    } finally {
      await reader.end();
    }
  }, 60_000);

  it('answers a status change already inside its transaction when PostgreSQL hangs 503 after one DATABASE_TIMEOUT_MS, not a second for ROLLBACK', async () => {
    // Serving again after the first test's hang.
    for (let attempt = 0; attempt < 100 && (await call('probe', 'GET', '/api/v1/tournaments')).status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const id = (await created('/api/v1/tournaments', { name: 'Mid-transaction', format: 'swiss' })).id as string;
    const blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    blocker.on('error', () => undefined);
    let thaw: (() => void) | undefined;
    try {
      // The write begins its transaction and waits for the row lock another session holds; then PostgreSQL hangs.
      await blocker.query('begin');
      expect((await blocker.query('select id from tournaments where id = $1 for update', [id])).rowCount).toBe(1);
      const answer = call('status change', 'PATCH', `/api/v1/tournaments/${id}`, { status: 'registration_open' });
      let waiting = false;
      for (const deadline = Date.now() + 10_000; !waiting && Date.now() < deadline; ) {
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%for no key update%'`);
        waiting = rows.length > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waiting).toBe(true);
      thaw = cluster.freeze();
      const frozenAt = Date.now();
      const answered = await answer;
      const sinceHang = Date.now() - frozenAt;
      if (process.env.HARDENING_REPORT) process.stdout.write(`hung mid-transaction: ${answered.status} in ${answered.ms} ms, ${sinceHang} ms after the hang\n`);
      expect({ status: answered.status, code: answered.body.code }).toEqual({ status: 503, code: 'service_unavailable' });
      expect(answered.retryAfter).toMatch(/^\d+$/);
      // The statement's own timeout, once: not a second one spent waiting for ROLLBACK behind it (2 × the timeout).
      expect(sinceHang).toBeLessThan(1.5 * DATABASE_TIMEOUT_MS);
    } finally {
      thaw?.();
      await blocker.end().catch(() => undefined);
    }
  }, 60_000);
});
