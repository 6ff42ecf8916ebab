#!/usr/bin/env node
// Benchmark: `npm run bench` (after a build). Starts the built service and, in the same run, the bare
// node:http + pg server in bench/bare-server.js on one fresh database (DATABASE_URL's server, or the embedded
// PostgreSQL in .data/bench), seeds one premium account with BENCH_ROWS tournaments, then drives each scenario
// against both with a load generator in a separate process (bench/load.js: wrk when installed, else autocannon;
// 50 connections) and prints one table of ratios, plus RSS and, from bench/heap-meter.js loaded into both servers,
// the JavaScript heap allocated per request (steadier between runs than throughput on a shared machine).
// Results go to bench/results/ as JSON and Markdown. Options:
//   --runs N   repeat the whole suite N times on the same processes (RSS after each: it must stay flat)
//   --only S   run only the scenarios whose name contains S
//   --scale    seed 1 000 000 tournaments and print p50 of the first page, a page 100 000 deep, a filtered sorted
//              page and a q search (sequential requests to the service)
// Environment: BENCH_SECONDS (10, per round, as the issue measured), BENCH_ROUNDS (3: service and bare take turns;
// p50 and p99 are each the median of the rounds', so one round hit by a burst from elsewhere does not set them), BENCH_WARMUP_SECONDS (5: before each scenario's first round per side; a fresh service compiles its hot paths for
// several seconds, which 1 s left inside the measured rounds),
// BENCH_CONNECTIONS (50), BENCH_ROWS (101000), BENCH_PORT (3950; the bare server takes the next one), EMBEDDED_DB_PORT
// (15350), BENCH_LOAD_GENERATOR (wrk|autocannon). While profiling: BENCH_SERVICE_ARGS / BENCH_BARE_ARGS are extra node
// options for either side (`--cpu-prof --cpu-prof-dir=/tmp/prof`), BENCH_STDOUT=1 shows their standard output.
// Both servers run on the Node.js that runs this script: `/path/to/node bench/run.js` measures another version.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync, copyFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { freshDatabase } = require('./support/database');
const { cpuMs, pollReady, premiumAccount, rssMiB, stopProcess } = require('./support/service');

const root = join(__dirname, '..');
const args = process.argv.slice(2);
const SCALE = args.includes('--scale');
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 1;
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = SCALE ? 1_000_000 : Number(process.env.BENCH_ROWS ?? 101_000);
const DEPTH = 100_000;
const WRITE_TARGET = 0.85;
const SERVICE_PORT = Number(process.env.BENCH_PORT ?? 3950);
const BARE_PORT = SERVICE_PORT + 1;
const EMBEDDED_DB_PORT = Number(process.env.EMBEDDED_DB_PORT ?? 15350);
/** The node options the Dockerfile's CMD and `npm start` give the service. */
const SERVICE_NODE_OPTIONS = ['--max-semi-space-size=16'];

async function main() {
  // Its own database on DATABASE_URL's server or the embedded PostgreSQL (in .data/bench).
  const database = await freshDatabase('run', { embedded: { dataDir: process.env.DATA_DIR ?? join(root, '.data', 'bench'), port: EMBEDDED_DB_PORT } });
  const env = { ...process.env, DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const service = await startProcess('service', join(root, 'dist', 'main.js'), { ...env, PORT: String(SERVICE_PORT) }, `http://127.0.0.1:${SERVICE_PORT}/health/ready`);
  const bare = await startProcess('bare', join(__dirname, 'bare-server.js'), { ...env, PORT: String(BARE_PORT) });
  try {
    const { email, token } = premiumAccount(env, 'run');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    process.stdout.write(`seeding ${ROWS.toLocaleString('en')} tournaments... `);
    const seedStarted = Date.now();
    const fixture = await seed(database.url, email);
    console.log(`${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    if (SCALE) return await scale(headers, fixture);
    await suite(env, headers, fixture, service, bare);
  } finally {
    await Promise.all([stopProcess(service), stopProcess(bare)]);
    await database.drop();
  }
}

/** The scenarios, each as [service path(s), bare path(s)]: same SQL shape on both sides. */
function scenarios(fixture, serviceDeepCursor) {
  const one = (prefix) => fixture.ids.map((id) => `${prefix}/${id}`);
  const filtered = 'status=registration_open&game=go&sort=starts_at&limit=20';
  const q = 'q=Cup%204242&limit=20';
  const created = JSON.stringify({ name: 'Bench Cup new', format: 'swiss', game: 'Chess', starts_at: '2027-01-01T18:00:00.000Z' });
  return [
    { name: 'GET one', method: 'GET', read: true, service: one('/api/v1/tournaments'), bare: one('/tournaments') },
    { name: 'list first page', method: 'GET', read: true, service: ['/api/v1/tournaments?limit=20'], bare: ['/tournaments?limit=20'] },
    { name: 'list filtered+sorted', method: 'GET', read: true, service: [`/api/v1/tournaments?${filtered}`], bare: [`/tournaments?${filtered}`] },
    {
      name: `list ${DEPTH.toLocaleString('en')} deep`,
      method: 'GET',
      read: true,
      service: [`/api/v1/tournaments?limit=20&cursor=${serviceDeepCursor}`],
      bare: [`/tournaments?limit=20&after_created_at=${encodeURIComponent(fixture.deep.createdAt)}&after_id=${fixture.deep.id}`],
    },
    { name: 'q search', method: 'GET', read: true, service: [`/api/v1/tournaments?${q}`], bare: [`/tournaments?${q}`] },
    { name: 'POST create', method: 'POST', body: created, service: ['/api/v1/tournaments'], bare: ['/tournaments'] },
    { name: 'PATCH', method: 'PATCH', body: JSON.stringify({ description: 'patched by the benchmark {n}' }), service: one('/api/v1/tournaments'), bare: one('/tournaments') },
  ];
}

async function suite(env, headers, fixture, service, bare) {
  const serviceDeepCursor = await cursorAtDepth(headers, DEPTH);
  const rss = { serviceAtStart: rssMiB(service.pid), bareAtStart: rssMiB(bare.pid), serviceAfterRun: [], bareAfterRun: [] };
  let rows;
  let generator;
  /** Each scenario's ratio in every run: the spread between runs is part of the result. */
  const ratiosByScenario = new Map();
  for (let run = 1; run <= RUNS; run++) {
    rows = [];
    for (const scenario of scenarios(fixture, serviceDeepCursor).filter((s) => !ONLY || s.name.includes(ONLY))) {
      // Rounds alternate the sides (service, bare, bare, service, ...), so a burst of load from elsewhere on a shared
      // machine hits both alike; CPU time per request (from /proc) is the measure such bursts disturb least.
      const rounds = { service: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 === 0 ? ['service', 'bare'] : ['bare', 'service']) {
          const child = side === 'service' ? service : bare;
          const port = side === 'service' ? SERVICE_PORT : BARE_PORT;
          await heapMeter(child, 'start');
          const cpuBefore = cpuMs(child.pid);
          const result = load({ url: `http://127.0.0.1:${port}`, method: scenario.method, headers, body: scenario.body, paths: scenario[side], warmupSeconds: round === 0 ? WARMUP : 0 });
          const cpu = cpuMs(child.pid) - cpuBefore;
          rounds[side].push({ ...result, cpuMs: cpu, heap: await heapMeter(child, 'read') });
          generator = result.generator;
          process.stdout.write('.');
        }
      }
      const measured = { service: combine(rounds.service), bare: combine(rounds.bare) };
      const ratio = measured.service.perSecond / measured.bare.perSecond;
      ratiosByScenario.set(scenario.name, [...(ratiosByScenario.get(scenario.name) ?? []), Number(ratio.toFixed(2))]);
      rows.push({ scenario: scenario.name, read: Boolean(scenario.read), service: measured.service, bare: measured.bare, ratio, ratioEachRun: ratiosByScenario.get(scenario.name) });
    }
    rss.serviceAfterRun.push(rssMiB(service.pid));
    rss.bareAfterRun.push(rssMiB(bare.pid));
    console.log(` run ${run}/${RUNS}: service RSS ${rss.serviceAfterRun.at(-1)} MiB`);
  }
  const report = { date: new Date().toISOString(), commit: gitHead(), machine: await machine(env.DATABASE_URL), settings: { generator, rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, rows: ROWS, runs: RUNS, logLevel: env.LOG_LEVEL }, results: rows, rss };
  const markdown = toMarkdown(report);
  console.log(`\n${markdown}`);
  save(report, markdown);
}

/**
 * Rounds of one side: throughput over all of them, the median round's latencies; CPU, heap allocated and the main
 * thread's garbage collection per request (warm-up included).
 */
function combine(rounds) {
  const median = (values) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const warmupRequests = rounds.reduce((sum, r) => sum + r.warmupRequests, 0);
  return {
    perSecond: requests / rounds.reduce((sum, r) => sum + r.seconds, 0),
    p50: Number(median(rounds.map((r) => r.p50)).toFixed(1)),
    p99: Number(median(rounds.map((r) => r.p99)).toFixed(1)),
    /** Each round's, in the order they ran: one slow round is what the median keeps out. */
    p99EachRound: rounds.map((r) => Number(r.p99.toFixed(1))),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpuUsPerRequest: Math.round((1000 * rounds.reduce((sum, r) => sum + r.cpuMs, 0)) / (requests + warmupRequests)),
    heapKiBPerRequest: Math.round(rounds.reduce((sum, r) => sum + r.heap.allocatedBytes, 0) / 1024 / (requests + warmupRequests)),
    gcUsPerRequest: Math.round((1000 * rounds.reduce((sum, r) => sum + r.heap.gcMs, 0)) / (requests + warmupRequests)),
  };
}

/** Targets: reads ≥ 1.0× the bare throughput with p99 ≤ bare's; writes ≥ 0.85× (issue 28); RSS ≤ 200 MiB. */
function verdict(row) {
  if (row.read) return row.ratio >= 1 && row.service.p99 <= row.bare.p99 ? 'ok' : 'MISSED';
  return row.ratio >= WRITE_TARGET ? 'ok' : 'MISSED';
}

function toMarkdown(report) {
  const { machine: m, settings: s, rss } = report;
  const lines = [
    `Benchmark ${report.date} (commit ${report.commit}): ${s.generator}, ${s.connections} connections, ${s.rounds} rounds of ${s.seconds} s per scenario and side, taking turns, after ${s.warmupSeconds} s warm-up, ${s.rows.toLocaleString('en')} tournaments in the account, service LOG_LEVEL=${s.logLevel}${s.runs > 1 ? `, last of ${s.runs} runs` : ''}.`,
    `Machine: ${m.cpus}× ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.os}, Node.js ${m.node}, ${m.postgres}; load average at start ${m.loadAverage}.`,
    '',
    '| scenario | service req/s | bare req/s | ratio | service p50 / p99 ms | bare p50 / p99 ms | CPU µs/request service / bare | heap KiB/request service / bare | GC µs/request service / bare | errors service / bare | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...report.results.map((r) =>
      `| ${r.scenario} | ${r.service.perSecond.toFixed(0)} | ${r.bare.perSecond.toFixed(0)} | ${r.ratio.toFixed(2)}${r.ratioEachRun.length > 1 ? ` (runs: ${r.ratioEachRun.join(' / ')})` : ''} | ${r.service.p50} / ${r.service.p99} | ${r.bare.p50} / ${r.bare.p99} | ${r.service.cpuUsPerRequest} / ${r.bare.cpuUsPerRequest} | ${r.service.heapKiBPerRequest} / ${r.bare.heapKiBPerRequest} | ${r.service.gcUsPerRequest} / ${r.bare.gcUsPerRequest} | ${r.service.errors} / ${r.bare.errors} | ${verdict(r)} (${r.read ? '≥ 1.0, p99 ≤ bare' : `≥ ${WRITE_TARGET}`}) |`,
    ),
    '',
    `RSS: service ${rss.serviceAtStart} MiB at start, ${rss.serviceAfterRun.join(' / ')} MiB after ${rss.serviceAfterRun.length > 1 ? 'each run' : 'the run'} (target ≤ 200, flat) ${Math.max(...rss.serviceAfterRun) <= 200 ? 'ok' : 'MISSED'}; bare server ${rss.bareAtStart} → ${rss.bareAfterRun.join(' / ')} MiB.`,
  ];
  return lines.join('\n');
}

function save(report, markdown) {
  const dir = join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const name = SCALE ? 'scale' : 'latest';
  writeFileSync(join(dir, `run-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, `run-${stamp}.md`), `${markdown}\n`);
  copyFileSync(join(dir, `run-${stamp}.json`), join(dir, `${name}.json`));
  copyFileSync(join(dir, `run-${stamp}.md`), join(dir, `${name}.md`));
  console.log(`\nwritten: bench/results/run-${stamp}.{json,md} (and ${name}.{json,md})`);
}

/** Runs one scenario's load in its own process (bench/load.js), so the generator does not compete with this one. */
function load(spec) {
  const output = execFileSync(process.execPath, [join(__dirname, 'load.js'), JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, ...spec })], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output);
}

/** --scale: p50 of sequential requests against the service on 1 M tournaments. */
async function scale(headers, fixture) {
  const base = `http://127.0.0.1:${SERVICE_PORT}`;
  const deepCursor = await cursorAtDepth(headers, DEPTH);
  const cases = [
    ['first page', '/api/v1/tournaments?limit=20'],
    [`page ${DEPTH.toLocaleString('en')} deep`, `/api/v1/tournaments?limit=20&cursor=${deepCursor}`],
    ['filtered sorted page', '/api/v1/tournaments?status=registration_open&game=go&sort=starts_at&limit=20'],
    ['q search', '/api/v1/tournaments?q=Cup%20424242&limit=20'],
  ];
  const results = [];
  for (const [name, path] of cases) {
    const latencies = [];
    for (let i = 0; i < 220; i++) {
      const started = performance.now();
      const response = await fetch(base + path, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      if (i >= 20) latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    results.push({ case: name, p50: Number(latencies[latencies.length >> 1].toFixed(2)) });
  }
  const m = await machine(fixture.url);
  const markdown = [
    `Scale ${new Date().toISOString()} (commit ${gitHead()}): ${ROWS.toLocaleString('en')} tournaments in one account, 200 sequential requests each.`,
    `Machine: ${m.cpus}× ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.os}, Node.js ${m.node}, ${m.postgres}.`,
    '',
    '| request | p50 ms |',
    '|---|---:|',
    ...results.map((r) => `| ${r.case} | ${r.p50} |`),
  ].join('\n');
  console.log(`\n${markdown}`);
  save({ date: new Date().toISOString(), commit: gitHead(), machine: m, rows: ROWS, results }, markdown);
}

/** Inserts the tournaments in SQL (far faster than the API) and returns ids for GET one/PATCH and the row DEPTH deep. */
async function seed(url, email) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [account] } = await client.query('select id from accounts where email = $1', [email]);
    for (let from = 0; from < ROWS; from += 100_000) {
      const to = Math.min(ROWS, from + 100_000) - 1;
      await client.query(
        `insert into tournaments (id, account_id, name, game, format, participant_type, status, timezone, starts_at, metadata, created_at, updated_at)
         select gen_random_uuid(), $1, 'Bench Cup ' || i, case when i % 2 = 0 then 'Chess' else 'Go' end,
                (array['single_elimination','double_elimination','round_robin','swiss','free_for_all'])[1 + i % 5], 'single',
                (array['draft','registration_open','registration_closed','in_progress','completed','cancelled'])[1 + i % 6], 'UTC',
                case when i % 7 = 0 then null else timestamptz '2026-01-01' + i * interval '1 hour' end, '{}',
                timestamptz '2025-01-01' + i * interval '1 second', timestamptz '2025-01-01' + i * interval '1 second'
           from generate_series($2::int, $3::int) as i`,
        [account.id, from, to],
      );
    }
    await client.query('analyze tournaments');
    const { rows: ids } = await client.query('select id from tournaments where account_id = $1 order by created_at desc limit 1000', [account.id]);
    const { rows: [deep] } = await client.query('select id, created_at from tournaments where account_id = $1 order by created_at desc, id desc offset $2 limit 1', [account.id, DEPTH - 1]);
    return { url, ids: ids.map((row) => row.id), deep: { id: deep.id, createdAt: deep.created_at.toISOString() } };
  } finally {
    await client.end();
  }
}

/** The service's signed cursor after DEPTH rows, walked through the API 100 at a time. */
async function cursorAtDepth(headers, depth) {
  let cursor = '';
  for (let seen = 0; seen < depth; seen += 100) {
    const response = await fetch(`http://127.0.0.1:${SERVICE_PORT}/api/v1/tournaments?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers });
    if (!response.ok) throw new Error(`walking to depth ${depth}: HTTP ${response.status}`);
    cursor = (await response.json()).next_cursor;
  }
  return cursor;
}

async function startProcess(label, script, env, readyUrl) {
  const extraArgs = [...(process.env[label === 'service' ? 'BENCH_SERVICE_ARGS' : 'BENCH_BARE_ARGS']?.split(' ').filter(Boolean) ?? []), '--require', join(__dirname, 'heap-meter.js')];
  // The service starts as the Dockerfile starts it.
  const nodeArgs = label === 'service' ? [...SERVICE_NODE_OPTIONS, ...extraArgs] : extraArgs;
  const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit', 'ipc'] });
  child.label = label;
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the ${label} server exited (${code}) during start`))));
  const ready = readyUrl ? pollReady(readyUrl) : new Promise((resolve) => child.once('message', resolve));
  await Promise.race([ready, exited]);
  return child;
}


async function machine(url) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows: [{ version }] } = await client.query('select version()');
  await client.end();
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    postgres: version.split(' on ')[0],
    loadAverage: os.loadavg().map((n) => n.toFixed(2)).join(' '),
  };
}

function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Asks bench/heap-meter.js in a server to start counting ('start') or for what it counted since ('read'). */
function heapMeter(child, command) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${child.label} server did not answer heap-meter:${command}`)), 10_000);
    const onMessage = (message) => {
      const answer = command === 'start' ? message === 'heap-meter:started' : message?.heapMeter;
      if (!answer) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.heapMeter);
    };
    child.on('message', onMessage);
    child.send(`heap-meter:${command}`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
