import { BuiltServer, plainText, startBuiltServer } from './support/built-server';
import { freePorts } from './support/server-processes';

/** Ports free when the file starts, so parallel runs on one machine do not collide. */
let PORT: number, METRICS_PORT: number, TERMINAL_PORT: number, DEBUG_PORT: number;
beforeAll(async () => {
  [PORT, METRICS_PORT, TERMINAL_PORT, DEBUG_PORT] = await freePorts(4);
});
const READY_LINE = /ready: http:\/\/127\.0\.0\.1:\d+ [^\n]*\n/;
const FRAMEWORK_CONTEXTS = ['InstanceLoader', 'RoutesResolver', 'RouterExplorer'];

function jsonLines(text: string): Record<string, unknown>[] {
  return text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('node dist/main.js with stdout piped (JSON logs) and METRICS_PORT set', () => {
  let server: BuiltServer;
  let startUp: Record<string, unknown>[];

  beforeAll(async () => {
    server = startBuiltServer({ PORT: String(PORT), METRICS_PORT: String(METRICS_PORT), LOG_LEVEL: 'info' });
    startUp = jsonLines(await server.waitForOutput(READY_LINE, 60_000));
  }, 70_000);

  afterAll(() => server.stop('SIGKILL'));

  it('prints a few JSON lines at start, the last naming the URL, /docs and the sign-up page', () => {
    expect(startUp.length).toBeLessThanOrEqual(5);
    expect(startUp.map((line) => line.context)).not.toEqual(expect.arrayContaining([expect.stringMatching(FRAMEWORK_CONTEXTS.join('|'))]));
    const base = `http://127.0.0.1:${PORT}`;
    expect(startUp.at(-1)).toMatchObject({ level: 'info', url: base, msg: `ready: ${base} (API documentation ${base}/docs, sign-up page ${base}/account/signup)` });
  });

  it('serves Prometheus text on METRICS_PORT: requests by route template, method and status, latency, pool, limits, process', async () => {
    expect((await fetch(`http://127.0.0.1:${PORT}/health/ready`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${PORT}/api/v1/tournaments/0190a6a0-0000-7000-8000-000000000000`)).status).toBe(401);
    const response = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('http_requests_total{method="GET",route="/health/ready",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/v1/tournaments/:id",status="401"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health\/ready"\} 1/);
    expect(text).toMatch(/^db_pool_max 10$/m);
    expect(text).toMatch(/^db_pool_in_use \d+$/m);
    expect(text).toMatch(/^db_pool_waiting 0$/m);
    expect(text).toContain('rate_limit_rejections_total{caller="account"} 0');
    expect(text).toContain('sign_in_failures_total{reason="invalid_credentials"} 0');
    expect(text).toContain('token_cache_lookups_total{result="hit"} 0');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('never serves the metrics on the public port, and only /metrics on the metrics port', async () => {
    expect((await fetch(`http://127.0.0.1:${PORT}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/health/ready`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('stops both ports on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    await expect(fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).rejects.toThrow();
  });
});

describe('node dist/main.js in a terminal', () => {
  it('prints human-readable lines (pino-pretty), the last naming the URL, /docs and the sign-up page', async () => {
    const server = startBuiltServer({ PORT: String(TERMINAL_PORT), LOG_LEVEL: 'info' }, { terminal: true });
    try {
      const startUp = plainText(await server.waitForOutput(/ready: http/, 60_000));
      await server.waitForOutput(READY_LINE);
      const lines = plainText(server.output()).trim().split('\n');
      expect(lines.length).toBeLessThanOrEqual(5);
      for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: /);
      const base = `http://127.0.0.1:${TERMINAL_PORT}`;
      expect(lines.at(-1)).toContain(`ready: ${base} (API documentation ${base}/docs, sign-up page ${base}/account/signup)`);
      expect(startUp).not.toMatch(/^\{"level"/m);

      // One short line per request: method, route (or the path when none matched), status coloured by its class, time.
      await fetch(`${base}/health/live`);
      await fetch(`${base}/no/such/page?secret=x`);
      const requests = await server.waitForOutput(/\/no\/such\/page/);
      expect(plainText(requests)).toMatch(/INFO: GET \/health\/live 200 [\d.]+ ms/);
      expect(plainText(requests)).toMatch(/INFO: GET \/no\/such\/page 404 [\d.]+ ms/);
      expect(requests).toContain('\u001b[32m200');
      expect(requests).toContain('\u001b[33m404');
      expect(requests).not.toContain('secret=x');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  }, 70_000);

  it('writes JSON anyway with LOG_FORMAT=json, and the framework\'s per-module and per-route lines at debug level', async () => {
    const server = startBuiltServer({ PORT: String(DEBUG_PORT), LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, { terminal: true });
    try {
      const lines = jsonLines(plainText(await server.waitForOutput(READY_LINE, 60_000)));
      const framework = lines.filter((line) => FRAMEWORK_CONTEXTS.includes(String(line.context)));
      expect(framework.length).toBeGreaterThan(10);
      expect(new Set(framework.map((line) => line.level))).toEqual(new Set(['debug']));
      expect(framework.map((line) => line.msg)).toContain('Mapped {/api/v1/tournaments, GET} route');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  }, 70_000);
});
