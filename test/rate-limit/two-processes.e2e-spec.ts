import { ChildProcess } from 'node:child_process';
import { createPremiumAccount } from '../support/accounts';
import { freePorts, startServers, stopServers } from '../support/server-processes';
import { startTestApp, TestApp } from '../support/test-app';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-keys';


/** Two real server processes (the built dist/main.js) sharing one Redis: one budget of 60 between them. */
describe('rate limit across two server processes', () => {
  const prefix = uniqueKeyPrefix();
  let testApp: TestApp;
  let servers: ChildProcess[] = [];
  let ports: number[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    ports = await freePorts(2);
    servers = await startServers(ports, {
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '60',
    });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await testApp.close();
    await deleteKeys(prefix);
  });

  it('allows 60 requests in total, then 429 on either process', async () => {
    const { token } = await createPremiumAccount(testApp);
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/v1/tournaments?limit=1`, {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(remaining.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    const other = await fetch(`http://127.0.0.1:${ports[1]}/api/v1/tournaments`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
