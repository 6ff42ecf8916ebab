import { AppMetrics } from './app-metrics';

async function text(metrics: AppMetrics): Promise<string> {
  return (await metrics.scrape()).body;
}

describe('AppMetrics', () => {
  it('counts requests by method, route template and status, and records their latency', async () => {
    const metrics = new AppMetrics({ processMetrics: false });
    metrics.observeRequest('GET', '/api/v1/tournaments/:id', 200, 0.004);
    metrics.observeRequest('GET', '/api/v1/tournaments/:id', 200, 0.2);
    metrics.observeRequest('GET', '/api/v1/tournaments/:id', 404, 0.003);
    metrics.observeRequest('GET', undefined, 404, 0.001);
    const body = await text(metrics);
    expect(body).toContain('http_requests_total{method="GET",route="/api/v1/tournaments/:id",status="200"} 2');
    expect(body).toContain('http_requests_total{method="GET",route="/api/v1/tournaments/:id",status="404"} 1');
    expect(body).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/tournaments/:id"} 2');
    expect(body).toContain('http_request_duration_seconds_bucket{le="0.25",method="GET",route="/api/v1/tournaments/:id"} 3');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="/api/v1/tournaments/:id"} 3');
  });

  it('starts every event counter at zero and counts what other modules report', async () => {
    const metrics = new AppMetrics({ processMetrics: false });
    expect(await text(metrics)).toContain('sign_in_failures_total{reason="throttled"} 0');
    metrics.signInFailed('invalid_credentials');
    metrics.signInFailed('invalid_credentials');
    metrics.tokenCacheHit();
    metrics.tokenCacheHit();
    metrics.tokenCacheMiss();
    metrics.rateLimitRejected('address');
    metrics.rateLimitCountedLocally();
    const body = await text(metrics);
    expect(body).toContain('sign_in_failures_total{reason="invalid_credentials"} 2');
    expect(body).toContain('token_cache_lookups_total{result="hit"} 2');
    expect(body).toContain('token_cache_lookups_total{result="miss"} 1');
    expect(body).toContain('rate_limit_rejections_total{caller="address"} 1');
    expect(body).toContain('rate_limit_rejections_total{caller="account"} 0');
    expect(body).toMatch(/^rate_limit_local_fallback_total 1$/m);
  });

  it('reads the pool gauges at scrape time, and process metrics only when asked to', async () => {
    const metrics = new AppMetrics({ processMetrics: false });
    let inUse = 1;
    metrics.watchPool(() => ({ max: 10, open: 3, inUse, waiting: 0 }));
    expect(await text(metrics)).toMatch(/^db_pool_in_use 1$/m);
    inUse = 3;
    const body = await text(metrics);
    expect(body).toMatch(/^db_pool_in_use 3$/m);
    expect(body).toMatch(/^db_pool_max 10$/m);
    expect(body).toMatch(/^db_pool_size 3$/m);
    expect(body).not.toContain('process_cpu_seconds_total');
    expect(await text(new AppMetrics({ processMetrics: true }))).toContain('process_cpu_seconds_total');
  });

  it('keeps registries apart, so two applications in one process do not share counts', async () => {
    const one = new AppMetrics({ processMetrics: false });
    one.tokenCacheMiss();
    expect(await text(new AppMetrics({ processMetrics: false }))).toContain('token_cache_lookups_total{result="miss"} 0');
  });
});
