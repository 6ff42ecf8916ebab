#!/usr/bin/env node
// Benchmark of the viewer pages (issue 30): `node bench/viewing.js` after `npm run build` (bench/all.js runs it after
// the formats). Needs a PostgreSQL (DATABASE_URL, default the local one): it creates a database of its own and drops
// it after. Three parts, each printed with its target (ok / MISSED):
//   1. Viewers: one shared 64-player double elimination, watched first by a few, then by BENCH_VIEWERS (default 1 000)
//      viewers while results are reported through the API every half second. A viewer holds the live stream open and
//      (re)loads the page every BENCH_RELOAD_SECONDS (default 5) on average: BENCH_VIEWERS streams, plus page loads at
//      BENCH_VIEWERS / BENCH_RELOAD_SECONDS a second, open loop and evenly spread, over as many connections
//      (bench/steady-load.js, another process; autocannon's overallRate sends in bursts, which measures its own queue). Database reads per reported result (index and sequential scans of the tables a
//      view reads, from pg_stat_user_tables) must stay what they are with a few viewers; page p99 <= 50 ms.
//   2. The bracket SVG of a 1 024-player double elimination, rendered by the built code in this process: p95 <= 50 ms,
//      size <= 300 KiB, at the start and fully played.
//   3. Time to first render of the page in Chromium at 390 px (first contentful paint): <= 1 s on loopback.
'use strict';
const { spawn } = require('node:child_process');
const { request } = require('node:http');
const { join } = require('node:path');
const { Client } = require('pg');
const { benchEnv, premiumAccount, startService, stopProcess } = require('./support/service');

const root = join(__dirname, '..');
const PORT = Number(process.env.BENCH_VIEWING_PORT ?? 3957);
const BASE = `http://127.0.0.1:${PORT}`;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const SECONDS = Number(process.env.BENCH_VIEWING_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? VIEWERS);
const RELOAD_SECONDS = Number(process.env.BENCH_RELOAD_SECONDS ?? 5);
const REPORT_EVERY_MS = 500;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `bench_viewing_${process.pid}`;
const VIEW_TABLES = ['tournaments', 'leagues', 'participants', 'matches', 'events'];

let headers;

async function main() {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  const databaseUrl = withDatabase(ADMIN_URL, DATABASE);
  const env = benchEnv({ DATABASE_URL: databaseUrl, PORT: String(PORT), PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000' });
  const stats = new Client({ connectionString: databaseUrl });
  const rows = [];
  let server;
  try {
    server = await startService(env);
    await stats.connect();
    const { token } = premiumAccount(env, 'viewing');
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const { base, shareId } = await sharedTournament('double_elimination', 64);
    const few = await watchWhileReporting(stats, base, shareId, 10, 0);
    const many = await watchWhileReporting(stats, base, shareId, VIEWERS, STREAMS);
    const perResult = (phase) => phase.reads / phase.results;
    rows.push([`reads per result, 10 viewers`, perResult(few).toFixed(1), 'baseline']);
    rows.push([`reads per result, ${VIEWERS} viewers + ${STREAMS} streams`, perResult(many).toFixed(1), verdict(perResult(many) <= perResult(few) * 1.5 + 5)]);
    rows.push([`page p99, ${VIEWERS} viewers (ms; ${Math.round(many.load.perSecond)} loads/s)`, many.load.p99.toFixed(1), verdict(many.load.p99 <= 50)]);
    rows.push([`page errors with ${VIEWERS} viewers`, String(many.load.errors), verdict(many.load.errors === 0)]);

    const svg = svgTimings();
    rows.push(['bracket.svg 1 024 DE, p95 render (ms)', svg.p95.toFixed(1), verdict(svg.p95 <= 50)]);
    rows.push(['bracket.svg 1 024 DE at the start (KiB)', (svg.startedBytes / 1024).toFixed(0), verdict(svg.startedBytes <= 300 * 1024)]);
    rows.push(['bracket.svg 1 024 DE fully played (KiB)', (svg.playedBytes / 1024).toFixed(0), verdict(svg.playedBytes <= 300 * 1024)]);

    const paint = await firstRender(`${BASE}/v/${shareId}`);
    rows.push(['first contentful paint at 390 px, worst of 5 (ms)', paint.toFixed(0), verdict(paint <= 1000)]);

    console.log('\nviewing\n');
    for (const [name, value, outcome] of rows) console.log(pad(name, 58), pad(value, 10), outcome);
  } finally {
    await stats.end().catch(() => undefined);
    if (server) await stopProcess(server);
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
}

function verdict(ok) {
  return ok ? 'ok' : 'MISSED';
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function call(method, path, body, expected = 200) {
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function sharedTournament(format, count) {
  const created = await call('POST', '/api/v1/tournaments', { name: `Bench viewers ${Date.now()}`, format, visibility: 'unlisted' }, 201);
  for (let from = 0; from < count; from += 256) {
    const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => ({ name: `Player ${from + i + 1}`, seed: from + i + 1 }));
    await call('POST', `/api/v1/tournaments/${created.id}/participants/bulk`, { participants }, 201);
  }
  await call('PATCH', `/api/v1/tournaments/${created.id}`, { status: 'in_progress' });
  return { base: `/api/v1/tournaments/${created.id}`, shareId: created.share_id };
}

async function readyMatches(base) {
  const page = await call('GET', `${base}/matches?status=ready&limit=100`);
  return page.data;
}

/** Index and sequential scans so far of the tables a view reads (PostgreSQL's cumulative statistics). */
async function tableReads(stats) {
  await stats.query('select pg_stat_clear_snapshot()');
  const { rows } = await stats.query(
    'select coalesce(sum(coalesce(idx_scan, 0) + coalesce(seq_scan, 0)), 0)::bigint as reads from pg_stat_user_tables where relname = any($1)',
    [VIEW_TABLES],
  );
  return Number(rows[0].reads);
}

/** Backends publish their statistics when idle, within 10 s (PGSTAT_IDLE_INTERVAL): wait that out around a phase. */
const statsSettle = () => new Promise((resolve) => setTimeout(resolve, 11_000));

/** `viewers` connections load the page while results are reported every REPORT_EVERY_MS; `streams` live streams stay open. */
async function watchWhileReporting(stats, base, shareId, viewers, streams) {
  const open = await Promise.all(Array.from({ length: streams }, () => openStream(`/v/${shareId}/events`)));
  await statsSettle();
  const before = await tableReads(stats);
  const rate = Math.max(1, Math.round(viewers / RELOAD_SECONDS));
  const load = runLoad({ url: `${BASE}/v/${shareId}`, method: 'GET', paths: [`/v/${shareId}`], connections: viewers, rate, seconds: SECONDS, warmupSeconds: 0 });
  let results = 0;
  const deadline = Date.now() + SECONDS * 1000;
  while (Date.now() < deadline) {
    const [match] = await readyMatches(base);
    if (!match) break;
    await call('PATCH', `${base}/matches/${match.id}`, { scores: [2, 1] });
    results++;
    await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_MS));
  }
  const loadResult = await load;
  for (const stream of open) stream.destroy();
  await statsSettle();
  const reads = (await tableReads(stats)) - before;
  return { reads, results, load: loadResult };
}

function openStream(path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers: { accept: 'text/event-stream' } }, (response) => {
      response.on('data', () => undefined);
      resolve(req);
    });
    req.on('error', reject);
    req.end();
  });
}

/** bench/steady-load.js (open loop, evenly spread) in a process of its own, so it does not share this one's event loop. */
function runLoad(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'steady-load.js'), JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`load.js exited with ${code}`))));
  });
}

/** Renders the SVG with the built code: the formats engine plays a 1 024-player double elimination, the viewer draws it. */
function svgTimings() {
  const { generateMatches, TournamentPlay } = require(join(root, 'dist', 'competition', 'index.js'));
  const { buildTournamentView } = require(join(root, 'dist', 'viewing', 'domain', 'view-builder.js'));
  const { bracketSvg } = require(join(root, 'dist', 'viewing', 'domain', 'svg.js'));
  const settings = { format: 'double_elimination', rounds: null };
  const participants = Array.from({ length: 1024 }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));
  const field = participants.map((p, i) => ({ id: p.id, name: `Player ${i + 1}`, seed: i + 1, finalRank: null }));
  let next = 0;
  const newId = () => `m${++next}`;
  const now = new Date('2026-05-01T18:00:00.000Z');
  const facts = { name: 'Bench cup', description: null, game: null, format: 'double_elimination', status: 'in_progress', startsAt: null, rounds: null };
  const matches = generateMatches(settings, participants, newId, now);
  const play = new TournamentPlay(settings, participants, matches, newId);
  const started = buildTournamentView(facts, field, play.all(), play.standings());
  const startedBytes = Buffer.byteLength(bracketSvg(started));
  for (let ready = play.all().filter((m) => m.status === 'ready'); ready.length > 0; ready = play.all().filter((m) => m.status === 'ready')) {
    for (const match of ready) play.report(match.id, { scores: [2, 1] }, { resetDependents: false, tournamentCompleted: false, now });
  }
  const played = buildTournamentView({ ...facts, status: 'completed' }, field, play.all(), play.standings());
  const times = [];
  let playedBytes = 0;
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    playedBytes = Buffer.byteLength(bracketSvg(played));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1], startedBytes, playedBytes };
}

/** First contentful paint of the page in Chromium at 390 px, the worst of 5 loads (a fresh page each time). */
async function firstRender(url) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    let worst = 0;
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(url, { waitUntil: 'load' });
      const paint = await page.evaluate(
        () =>
          new Promise((resolve) =>
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true }),
          ),
      );
      worst = Math.max(worst, paint);
      await page.close();
    }
    return worst;
  } finally {
    await browser.close();
  }
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

