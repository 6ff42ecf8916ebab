#!/usr/bin/env node
// Benchmark: `npm run bench`. Starts the built server (DATABASE_URL, or the embedded PostgreSQL in .data/bench),
// seeds tournaments through the API, then drives each scenario for a fixed time over loopback and prints
// throughput and latency as ratios against a baseline measured in the same run (GET /health/live: no auth,
// no database), plus the deep-page/first-page latency ratio that keyset pagination promises to keep near 1.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SEED = Number(process.env.BENCH_SEED ?? 3000);
const root = join(__dirname, '..');
const env = {
  ...process.env,
  PORT: String(PORT),
  DATA_DIR: process.env.DATA_DIR ?? join(root, '.data', 'bench'),
  EMBEDDED_DB_PORT: process.env.EMBEDDED_DB_PORT ?? '54350',
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
};

async function main() {
  const server = spawn(process.execPath, [join(root, 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitReady(server);
    const email = `bench-${Date.now()}@example.com`;
    cli(['account:create', '--email', email, '--plan', 'premium']);
    const { token } = JSON.parse(cli(['token:generate', '--email', email]));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const rssAtStart = rssMiB(server.pid);

    process.stdout.write(`seeding ${SEED} tournaments through POST... `);
    const seeded = await run(SEED, 32, (i) => post(headers, i));
    console.log(`${seeded.perSecond.toFixed(0)} creates/s`);
    const ids = [];
    const first = await (await fetch(`${BASE}/api/v1/tournaments?limit=100`, { headers })).json();
    ids.push(...first.data.map((t) => t.id));
    const deepCursor = await cursorAtDepth(headers, SEED - 40);

    const scenarios = [
      ['baseline: GET /health/live', () => fetch(`${BASE}/health/live`)],
      ['GET one tournament', (i) => fetch(`${BASE}/api/v1/tournaments/${ids[i % ids.length]}`, { headers })],
      ['GET list, first page (20)', () => fetch(`${BASE}/api/v1/tournaments?limit=20`, { headers })],
      [`GET list, page at depth ${SEED - 40}`, () => fetch(`${BASE}/api/v1/tournaments?limit=20&cursor=${deepCursor}`, { headers })],
      ['GET list, q substring search', () => fetch(`${BASE}/api/v1/tournaments?limit=20&q=cup%201`, { headers })],
      ['POST create', (i) => post(headers, SEED + i)],
    ];
    const results = [];
    for (const [name, request] of scenarios) results.push({ name, ...(await timed(request)) });

    const baseline = results[0];
    console.log(`\n${SECONDS}s per scenario, ${CONCURRENCY} concurrent connections, ${SEED} tournaments in the account\n`);
    console.log(pad('scenario', 36), pad('req/s', 9), pad('× baseline', 11), pad('p50 ms', 8), pad('p99 ms', 8), 'errors');
    for (const r of results) {
      console.log(
        pad(r.name, 36),
        pad(r.perSecond.toFixed(0), 9),
        pad((r.perSecond / baseline.perSecond).toFixed(2), 11),
        pad(r.p50.toFixed(2), 8),
        pad(r.p99.toFixed(2), 8),
        r.errors,
      );
    }
    const deepRatio = results[3].p50 / results[2].p50;
    const rssAtEnd = rssMiB(server.pid);
    console.log(`\ndeep page / first page p50 latency: ${deepRatio.toFixed(2)} (target ≤ 1.5: keyset pages cost the same at any depth) ${deepRatio <= 1.5 ? 'ok' : 'MISSED'}`);
    console.log(`server RSS: ${rssAtStart} MiB after start, ${rssAtEnd} MiB after the run (${(rssAtEnd / rssAtStart).toFixed(2)}×; target ≤ 3×) ${rssAtEnd / rssAtStart <= 3 ? 'ok' : 'MISSED'}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

function cli(args) {
  return execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { env, encoding: 'utf8' });
}

function post(headers, i) {
  const body = { name: `Bench Cup ${i}`, format: 'swiss', game: i % 2 ? 'Chess' : 'Go', starts_at: new Date(Date.UTC(2026, 0, 1) + i * 3600_000).toISOString() };
  return fetch(`${BASE}/api/v1/tournaments`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function cursorAtDepth(headers, depth) {
  let cursor = '';
  for (let seen = 0; seen + 100 <= depth; seen += 100) {
    const page = await (await fetch(`${BASE}/api/v1/tournaments?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers })).json();
    cursor = page.next_cursor;
  }
  return cursor;
}

/** Runs `request` from CONCURRENCY workers for SECONDS; returns throughput and latency percentiles. */
async function timed(request) {
  const deadline = performance.now() + SECONDS * 1000;
  return run(Number.POSITIVE_INFINITY, CONCURRENCY, request, deadline);
}

async function run(total, concurrency, request, deadline = Number.POSITIVE_INFINITY) {
  const latencies = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  async function worker() {
    while (next < total && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const response = await request(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status >= 400) errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

async function waitReady(server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${BASE}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was not ready within 60 s');
}

function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
