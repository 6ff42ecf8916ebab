import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createPremiumAccount } from '../support/accounts';
import { startTestApp, TestApp } from '../support/test-app';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-keys';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');
const PORTS = [39_411, 39_412];

/** Two real server processes (the built dist/main.js) sharing one Redis: one budget of 60 between them. */
describe('rate limit across two server processes', () => {
  const prefix = uniqueKeyPrefix();
  let testApp: TestApp;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    for (const port of PORTS) {
      const server = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          REDIS_URL: TEST_REDIS_URL,
          RATE_LIMIT_KEY_PREFIX: prefix,
          RATE_LIMIT_PER_MINUTE: '60',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(server);
    }
    await Promise.all(PORTS.map(waitReady));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stop(server)));
    await testApp.close();
    await deleteKeys(prefix);
  });

  it('allows 60 requests in total, then 429 on either process', async () => {
    const { token } = await createPremiumAccount(testApp);
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/v1/tournaments?limit=1`, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(remaining.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const other = await fetch(`http://127.0.0.1:${PORTS[1]}/api/v1/tournaments`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

async function waitReady(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on port ${port} did not become ready`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
