#!/usr/bin/env node
// Benchmark of the formats (issue 15): `npm run bench` runs it after bench/run.js (bench/all.js), or alone with
// `node bench/formats.js` after `npm run build`. Starts the built server (DATABASE_URL, or the embedded PostgreSQL
// in .data/bench-formats), then times through the API, each as the median of a few runs:
//   - starting a 1 024-participant single elimination (the bracket is generated in the start transaction),
//   - starting a 64-participant round robin (2 016 matches),
//   - the report that completes a 1 024-participant swiss round and pairs the next one,
//   - one report in a 4-participant and in a 1 024-participant single elimination (the ratio shows reporting does
//     not grow with the bracket; the number of SQL statements per report is pinned by test/matches-queries.e2e-spec.ts),
//   - a report in a 128-participant round robin (8 128 matches): the median of 20 reports, target 15 ms (it reads
//     only its match and a count; rows read are pinned by test/matches-queries.e2e-spec.ts),
//   - swiss pairing alone (the domain function, no HTTP) of 1 024 and 8 192 players: the slowest round of a whole
//     tournament with random results, targets 1 s and 10 s (issue 32).
// Each target is printed with ok / MISSED (under a second unless it says otherwise), and the ratio to a bare request
// (GET /health/live) measured in the same run.
// Then (issue 26) the largest start each format allows, once each, and one report in a double elimination of 8 192:
// time, the peak of the main thread's used heap and of the process's RSS above where they were (bench/start-meter.js,
// loaded into the server), and the longest event-loop block. Targets: a start within 2 s and 150 MiB of extra heap,
// no block over 50 ms. BENCH_FORMATS_ONLY=largest runs only these.
'use strict';
const { join } = require('node:path');
const { benchEnv, embeddedDatabaseSettings, premiumAccount, startService, stopProcess } = require('./support/service');
const { START_METER_ARGS, metered, timedMs } = require('./support/start-meter-client');
const { FORMAT_PARTICIPANT_LIMITS } = require('../dist/tournaments/domain/tournament');

const PORT = Number(process.env.BENCH_FORMATS_PORT ?? 3955);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_FORMATS_RUNS ?? 3);
const root = join(__dirname, '..');
const env = benchEnv({ PORT: String(PORT), ...embeddedDatabaseSettings('bench-formats', 15355) });

let headers;

async function main() {
  const extraArgs = (process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startService(env, { nodeArgs: [...extraArgs, ...START_METER_ARGS], ipc: true });
  try {
    const { token } = premiumAccount(env, 'formats');
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    if (process.env.BENCH_FORMATS_ONLY !== 'largest') await smallerScenarios();
    await largestScenarios(server);
  } finally {
    await stopProcess(server);
  }
}

/** The formats' scenarios of issue 15, each the median of a few runs. */
async function smallerScenarios() {
  const baseline = await median(async () => timedMs(() => call('GET', '/health/live')));
  const results = [
    ['start: single elimination, 1 024 participants', await median(() => timedStart('single_elimination', 1024))],
    ['start: round robin, 64 participants (2 016 matches)', await median(() => timedStart('round_robin', 64))],
    ['report completing a swiss round of 1 024 (pairs the next)', await median(() => timedSwissPairing(1024))],
    ['report: single elimination of 4', await median(() => timedReport(4))],
    ['report: single elimination of 1 024', await median(() => timedReport(1024))],
    ['report: round robin of 128 (median of 20)', await median(() => timedRoundRobinReport(128)), 15],
    ['swiss pairing of 1 024 (slowest round)', slowestSwissRound(1024), 1000],
    ['swiss pairing of 8 192 (slowest round)', slowestSwissRound(8192), 10_000],
  ];
  console.log(`\nformats: median of ${RUNS} runs; baseline GET /health/live ${baseline.toFixed(2)} ms\n`);
  console.log(pad('scenario', 60), pad('ms', 9), pad('× baseline', 11), 'target');
  for (const [name, ms, target = 1000] of results) {
    console.log(pad(name, 60), pad(ms.toFixed(1), 9), pad((ms / baseline).toFixed(1), 11), `< ${target} ms`, ms < target ? 'ok' : 'MISSED');
  }
  const growth = results[4][1] / results[3][1];
  console.log(`\nreport latency, 1 024-bracket / 4-bracket: ${growth.toFixed(2)} (a whole-bracket load is one query either way)`);
}

const MIB = 1024 * 1024;

/** The largest start of each format, and a report in the largest double elimination, measured once each. */
async function largestScenarios(server) {
  const rows = [];
  for (const [format, count] of Object.entries(FORMAT_PARTICIPANT_LIMITS)) {
    // A staged tournament starts its first stage's format: bench/stages.js measures those.
    if (format === 'multi_stage') continue;
    const base = await tournamentWith(format, count, format === 'free_for_all' ? { rounds: 64 } : {});
    rows.push([`start: ${format}, ${count}${format === 'free_for_all' ? ' × 64 rounds' : ''}`, await metered(server, () => call('PATCH', base, { status: 'in_progress' }))]);
    if (format === 'double_elimination') {
      const [first] = (await call('GET', `${base}/matches?limit=1&status=ready`)).data;
      rows.push([`report: double elimination of ${count}`, await metered(server, () => call('PATCH', `${base}/matches/${first.id}`, { scores: [1, 0] }))]);
    }
  }
  console.log('\nlargest allowed starts (once each); targets: start <= 2000 ms, extra heap <= 150 MiB, loop block <= 50 ms\n');
  console.log(pad('scenario', 44), pad('ms', 8), pad('heap MiB', 9), pad('RSS MiB', 8), pad('max block ms', 13), 'targets');
  for (const [name, m] of rows) {
    const heap = m.extraHeapBytes / MIB;
    const met = m.ms <= 2000 && heap <= 150 && m.maxLoopDelayMs <= 50;
    console.log(pad(name, 44), pad(m.ms.toFixed(0), 8), pad(heap.toFixed(1), 9), pad((m.extraRssBytes / MIB).toFixed(1), 8), pad(m.maxLoopDelayMs.toFixed(1), 13), met ? 'ok' : 'MISSED');
  }
}

async function call(method, path, body, expected = 200) {
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A tournament with `count` participants (the first 1 024 seeded), not started yet. */
async function tournamentWith(format, count, extra = {}) {
  const { id } = await call('POST', '/api/v1/tournaments', { name: `Bench ${format} ${count} ${Date.now()}`, format, ...extra }, 201);
  for (let from = 0; from < count; from += 256) {
    const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => ({ name: `P${from + i + 1}`, seed: from + i < 1024 ? from + i + 1 : null }));
    await call('POST', `/api/v1/tournaments/${id}/participants/bulk`, { participants }, 201);
  }
  return `/api/v1/tournaments/${id}`;
}

async function timedStart(format, count) {
  const base = await tournamentWith(format, count);
  return timedMs(() => call('PATCH', base, { status: 'in_progress' }));
}

async function matches(base, query) {
  const all = [];
  let cursor = null;
  do {
    const page = await call('GET', `${base}/matches?limit=100&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function timedSwissPairing(count) {
  const base = await tournamentWith('swiss', count);
  await call('PATCH', base, { status: 'in_progress' });
  const round = await matches(base, 'status=ready');
  for (const match of round.slice(0, -1)) await call('PATCH', `${base}/matches/${match.id}`, { scores: [1, 0] });
  const last = round[round.length - 1];
  const ms = await timedMs(() => call('PATCH', `${base}/matches/${last.id}`, { scores: [1, 0] }));
  if ((await matches(base, 'round=2')).length === 0) throw new Error('round 2 was not paired');
  return ms;
}

async function timedReport(count) {
  const base = await tournamentWith('single_elimination', count);
  await call('PATCH', base, { status: 'in_progress' });
  const [first] = (await call('GET', `${base}/matches?limit=1&status=ready`)).data;
  return timedMs(() => call('PATCH', `${base}/matches/${first.id}`, { scores: [1, 0] }));
}

/** The median of 20 reports of a started round robin (each a fresh match of round 1). */
async function timedRoundRobinReport(count) {
  const base = await tournamentWith('round_robin', count);
  await call('PATCH', base, { status: 'in_progress' });
  const round = (await call('GET', `${base}/matches?limit=20&round=1`)).data;
  const samples = [];
  for (const match of round) samples.push(await timedMs(() => call('PATCH', `${base}/matches/${match.id}`, { scores: [2, 1] })));
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * Pairs every round of a swiss of `count` players with the domain function the server runs (from dist/), with
 * random results (45% / 45% / 10% draws, a fixed seed), and returns the slowest round's time.
 */
function slowestSwissRound(count) {
  const { pairSwissRound } = require(join(root, 'dist', 'competition', 'formats', 'swiss', 'swiss-pairing.js'));
  let state = count;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const ids = Array.from({ length: count }, (_, i) => `p${i + 1}`);
  const points = new Map(ids.map((id) => [id, 0]));
  const met = new Set();
  const hadBye = new Set();
  const key = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  let slowest = 0;
  for (let round = 0; round < Math.ceil(Math.log2(count)); round++) {
    const ranked = [...ids].sort((a, b) => points.get(b) - points.get(a) || ids.indexOf(a) - ids.indexOf(b));
    const started = performance.now();
    const { pairs, bye } = pairSwissRound(ranked, points, met, hadBye);
    slowest = Math.max(slowest, performance.now() - started);
    if (bye) {
      hadBye.add(bye);
      points.set(bye, points.get(bye) + 1);
    }
    for (const [a, b] of pairs) {
      met.add(key(a, b));
      const roll = random();
      const [pa, pb] = roll < 0.45 ? [1, 0] : roll < 0.9 ? [0, 1] : [0.5, 0.5];
      points.set(a, points.get(a) + pa);
      points.set(b, points.get(b) + pb);
    }
  }
  return slowest;
}

async function median(measure) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(await measure());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
