#!/usr/bin/env node
// Benchmark of staged tournaments (issue 40, "Numbers"): `npm run bench` runs it after bench/schedule.js
// (bench/all.js), or alone with `node bench/stages.js` after `npm run build`. Starts the built service (DATABASE_URL,
// or the embedded PostgreSQL in .data/bench-stages) with bench/start-meter.js loaded, and measures through HTTP:
//   1. 64 groups of 4 (256 participants, round robin, top 2 of each) then a 128-player single elimination:
//      creating it (POST with its stages, one bulk POST of the 256 participants) and starting it, target ≤ 1 s; the
//      report that completes the last group and draws the playoff, target ≤ 200 ms; the longest event-loop block of
//      the service during each, target ≤ 50 ms.
//   2. a 1 024-player swiss of 10 rounds with a top-64 cut (single elimination): the report that completes the swiss
//      and draws the bracket, target ≤ 500 ms (and its longest block).
// Every earlier result is setup, reported BENCH_STAGES_CONCURRENCY (2) at a time (reports of one tournament queue
// for its lock: more only wait for a connection; a 503, refused before its commit, is retried). The better seed wins
// each match, so no tie straddles a cut. BENCH_STAGES_ONLY=groups or =swiss runs one scenario (the swiss's setup
// takes one to two minutes). Targets print ok / MISSED; only errors exit non-zero.
'use strict';
const { apiClient, benchEnv, embeddedDatabaseSettings, premiumAccount, startService, stopProcess } = require('./support/service');
const { START_METER_ARGS, metered } = require('./support/start-meter-client');

const PORT = Number(process.env.BENCH_STAGES_PORT ?? 3957);
const CONCURRENCY = Number(process.env.BENCH_STAGES_CONCURRENCY ?? 2);
const ONLY = process.env.BENCH_STAGES_ONLY; // `groups` or `swiss`: one scenario
const TOURNAMENTS = '/api/v1/tournaments';
const env = benchEnv({ PORT: String(PORT), ...embeddedDatabaseSettings('bench-stages', 15357) });

let request;

async function main() {
  const extraArgs = (process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startService(env, { nodeArgs: [...extraArgs, ...START_METER_ARGS], ipc: true });
  const rows = [];
  try {
    const { token } = premiumAccount(env, 'stages');
    request = apiClient(token, [PORT], { maxSockets: CONCURRENCY + 2 });
    const setupStarted = performance.now();
    if (ONLY !== 'swiss') await groupsThenPlayoff(server, rows);
    if (ONLY !== 'groups') await swissThenCut(server, rows);
    console.log(`\nstages (issue 40): setup and measures took ${((performance.now() - setupStarted) / 1000).toFixed(0)} s, load average ${loadAverage()}\n`);
    console.log(pad('scenario', 62), pad('ms', 8), pad('max block ms', 13), 'targets');
    for (const [name, m, target] of rows) {
      const verdict = `≤ ${target} ms ${m.ms <= target ? 'ok' : 'MISSED'}, block ≤ 50 ms ${m.maxLoopDelayMs <= 50 ? 'ok' : 'MISSED'}`;
      console.log(pad(name, 62), pad(m.ms.toFixed(0), 8), pad(m.maxLoopDelayMs.toFixed(1), 13), verdict);
    }
  } finally {
    await stopProcess(server);
  }
}

/** 64 groups of 4, the top 2 of each into a 128-player bracket. */
async function groupsThenPlayoff(server, rows) {
  const stages = [
    { key: 'groups', name: 'Groups', format: 'round_robin', groups: 64, advance: { per_group: 2 } },
    { key: 'playoff', name: 'Playoff', format: 'single_elimination' },
  ];
  let base;
  const created = await metered(server, async () => {
    base = await stagedTournament('groups', stages, 256);
    await call('PATCH', base, { status: 'in_progress' });
  });
  rows.push(['create + start: 64 groups of 4, then a bracket of 128', created, 1000]);
  progress(rows);
  const groupMatches = await matches(base, '&stage=groups');
  if (groupMatches.length !== 64 * 6) throw new Error(`${groupMatches.length} group matches, not ${64 * 6}`);
  await reportAll(base, groupMatches.slice(0, -1));
  const last = groupMatches[groupMatches.length - 1];
  rows.push(['report completing the last group (draws the playoff)', await metered(server, () => report(base, last)), 200]);
  progress(rows);
  const ready = await matches(base, '&stage=playoff&status=ready');
  if (ready.length !== 64) throw new Error(`${ready.length} playoff matches ready, not 64`);
}

/** A 1 024-player swiss of 10 rounds, its top 64 into a bracket. */
async function swissThenCut(server, rows) {
  const stages = [
    { key: 'swiss', name: 'Swiss', format: 'swiss', rounds: 10, advance: { top: 64 } },
    { key: 'cut', name: 'Top 64', format: 'single_elimination' },
  ];
  const base = await stagedTournament('swiss', stages, 1024);
  await call('PATCH', base, { status: 'in_progress' });
  let measured;
  for (let round = 1; round <= 10; round++) {
    const pairs = await matches(base, `&stage=swiss&round=${round}&status=ready`);
    if (pairs.length !== 512) throw new Error(`swiss round ${round}: ${pairs.length} matches ready, not 512`);
    await reportAll(base, round < 10 ? pairs : pairs.slice(0, -1));
    console.error(`  swiss round ${round} reported (${new Date().toISOString()})`);
    if (round === 10) measured = await metered(server, () => report(base, pairs[pairs.length - 1]));
  }
  rows.push(['report completing a 1 024 swiss of 10 rounds (draws the top 64)', measured, 500]);
  const ready = await matches(base, '&stage=cut&status=ready');
  if (ready.length !== 32) throw new Error(`${ready.length} cut matches ready, not 32`);
}

/** A staged tournament of `count` seeded participants (bulk POSTs of 256, the most one takes), not started; its path. */
async function stagedTournament(name, stages, count) {
  const { id } = await call('POST', TOURNAMENTS, { name: `Bench stages ${name} ${Date.now()}`, stages }, 201);
  for (let from = 0; from < count; from += 256) {
    const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => ({ name: `P${from + i + 1}`, seed: from + i + 1 }));
    await call('POST', `${TOURNAMENTS}/${id}/participants/bulk`, { participants }, 201);
  }
  return `${TOURNAMENTS}/${id}`;
}

/** Reports `list` (matches of one round or of independent groups), CONCURRENCY at a time. */
async function reportAll(base, list) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await report(base, list[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** The better (lower) seed wins by a goal. A 503 (refused before its commit: no connection in time) is retried. */
async function report(base, match) {
  const [a, b] = match.opponents;
  const aWins = (a.seed ?? Infinity) < (b.seed ?? Infinity);
  const body = { scores: aWins ? [2, 1] : [1, 2], winner_id: aWins ? a.participant_id : b.participant_id };
  for (let attempt = 1; ; attempt++) {
    const response = await request('PATCH', `${base}/matches/${match.id}`, body);
    if (response.status === 200) return;
    if (response.status !== 503 || attempt === 10) throw new Error(`report ${match.id}: ${response.status} ${JSON.stringify(response.json())}`);
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

async function matches(base, query) {
  const all = [];
  let cursor = null;
  do {
    const page = await call('GET', `${base}/matches?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

async function call(method, path, body, expected = 200) {
  const response = await request(method, path, body);
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.json())}`);
  return response.json();
}

/** The latest figure, as soon as it is measured (the table at the end repeats it). */
function progress(rows) {
  const [name, m] = rows[rows.length - 1];
  console.error(`  ${name}: ${m.ms.toFixed(0)} ms, block ${m.maxLoopDelayMs.toFixed(1)} ms, load average ${loadAverage()}`);
}

function loadAverage() {
  return require('node:os')
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
