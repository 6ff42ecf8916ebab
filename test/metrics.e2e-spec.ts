import { AppMetrics } from '../src/metrics/app-metrics';
import { createPremiumAccount } from './support/accounts';
import { freePorts } from './support/server-processes';
import { startTestApp, TestApp } from './support/test-app';

async function scrape(testApp: TestApp): Promise<string> {
  return (await testApp.app.get(AppMetrics).scrape()).body;
}

describe('metrics of the running application', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const [metricsPort] = await freePorts(1);
    testApp = await startTestApp({ metricsPort, rateLimitPerMinute: 2 });
  });

  afterAll(() => testApp.close());

  it('counts 429s by kind of caller, and each request under its route template', async () => {
    const { token } = await createPremiumAccount(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await testApp.http.get('/api/v1/leagues', { token })).statusCode);
    for (let i = 0; i < 3; i++) statuses.push((await testApp.http.get('/api/v1/leagues', { remoteAddress: '192.0.2.16' })).statusCode);
    expect(statuses).toEqual([200, 200, 429, 401, 401, 429]);
    const body = await scrape(testApp);
    expect(body).toContain('rate_limit_rejections_total{caller="account"} 1');
    expect(body).toContain('rate_limit_rejections_total{caller="address"} 1');
    expect(body).toContain('http_requests_total{method="GET",route="/api/v1/leagues",status="200"} 2');
    expect(body).toContain('http_requests_total{method="GET",route="/api/v1/leagues",status="429"} 2');
    // Each of the three requests with a token looked it up once, in the principal cache or past it.
    const lookups = (result: string) => Number(new RegExp(`^token_cache_lookups_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(body)![1]);
    expect(lookups('hit') + lookups('miss')).toBe(3);
    expect(lookups('miss')).toBeGreaterThanOrEqual(1);
  });

  it('reports the pool of this application\'s database connections', async () => {
    const body = await scrape(testApp);
    expect(body).toMatch(new RegExp(`^db_pool_max ${testApp.config.databasePoolSize}$`, 'm'));
    expect(body).toMatch(/^db_pool_size [1-9]\d*$/m);
  });

  it('is not served on the public port', async () => {
    expect((await testApp.http.get('/metrics')).statusCode).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('adds no per-request work: requests are not counted', async () => {
    const testApp = await startTestApp();
    try {
      await testApp.http.get('/health/live');
      expect(await scrape(testApp)).not.toContain('http_requests_total{');
    } finally {
      await testApp.close();
    }
  });
});
