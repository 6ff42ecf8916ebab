#!/usr/bin/env node
// Benchmark of league and round robin tables (issue 31): `npm run bench` runs it after bench/formats.js (bench/all.js),
// or alone with `node bench/leagues.js` after `npm run build`. Starts the built server (DATABASE_URL, or the embedded
// PostgreSQL in .data/bench-leagues), builds the data through the API, then times sequential reads:
//   - GET /api/v1/leagues/:id/standings of a placements league over 50 completed tournaments of 256 participants
//     each (free-for-all events, each completed by one ranks report; best 10 results count, every fifth event
//     weighs 2), target p95 ≤ 100 ms;
//   - GET /api/v1/tournaments/:id/standings of a 20-team double round robin with all 380 results, target p95 ≤ 20 ms.
// BENCH_LEAGUE_TOURNAMENTS, BENCH_LEAGUE_PARTICIPANTS and BENCH_LEAGUE_SAMPLES make it smaller for a quick check.
'use strict';
const { benchEnv, embeddedDatabaseSettings, premiumAccount, startService, stopProcess } = require('./support/service');

const PORT = Number(process.env.BENCH_LEAGUES_PORT ?? 3956);
const BASE = `http://127.0.0.1:${PORT}`;
const TOURNAMENTS = Number(process.env.BENCH_LEAGUE_TOURNAMENTS ?? 50);
const PARTICIPANTS = Number(process.env.BENCH_LEAGUE_PARTICIPANTS ?? 256);
const SAMPLES = Number(process.env.BENCH_LEAGUE_SAMPLES ?? 200);
const WARM_UP = 20;
const env = benchEnv({ PORT: String(PORT), ...embeddedDatabaseSettings('bench-leagues', 15356) });

let headers;

async function main() {
  const server = await startService(env);
  try {
    const { token } = premiumAccount(env, 'leagues');
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const league = await placementsLeague();
    const table = await call('GET', `/api/v1/leagues/${league}/standings`);
    if (table.tournaments.length !== TOURNAMENTS || table.data.length !== PARTICIPANTS) throw new Error('the league table is not the one built');
    const leagueTimes = await sample(`/api/v1/leagues/${league}/standings`);

    const doubleRoundRobin = await playedDoubleRoundRobin(20);
    const standings = await call('GET', `${doubleRoundRobin}/standings`);
    if (standings.data.length !== 20 || standings.data.some((row) => row.played !== 38)) throw new Error('the double round robin is not fully played');
    const roundRobinTimes = await sample(`${doubleRoundRobin}/standings`);

    console.log(`\nleagues: ${SAMPLES} sequential requests each, after ${WARM_UP} to warm up\n`);
    console.log(pad('scenario', 66), pad('p50 ms', 9), pad('p95 ms', 9), 'target');
    report(`league table: ${TOURNAMENTS} tournaments × ${PARTICIPANTS} participants`, leagueTimes, 100);
    report('standings: 20-team double round robin, 380 results', roundRobinTimes, 20);
  } finally {
    await stopProcess(server);
  }
}

async function placementsLeague() {
  const { id: league } = await call(
    'POST',
    '/api/v1/leagues',
    {
      name: `Bench circuit ${Date.now()}`,
      status: 'active',
      placement_points: [
        { ranks: '1', points: 100 },
        { ranks: '2', points: 70 },
        { ranks: '3-4', points: 50 },
        { ranks: '5-8', points: 30 },
        { ranks: '9-16', points: 15 },
        { ranks: '17-64', points: 5 },
      ],
      counted_results: 10,
    },
    201,
  );
  for (let event = 0; event < TOURNAMENTS; event++) {
    const base = await tournament({ name: `Event ${event + 1}`, format: 'free_for_all', league_id: league, weight: event % 5 === 4 ? 2 : 1 }, PARTICIPANTS, (i) => ({
      name: `Player ${i + 1}`,
      external_id: `player-${i + 1}`,
    }));
    await call('PATCH', base, { status: 'in_progress' });
    const [match] = (await call('GET', `${base}/matches?limit=1`)).data;
    // A different finishing order every event (a fixed stride through the field).
    const stride = 2 * event + 1;
    const ranks = match.opponents.map((_, slot) => ((slot * stride + event) % PARTICIPANTS) + 1);
    if (new Set(ranks).size !== ranks.length) ranks.sort((a, b) => a - b);
    await call('PATCH', `${base}/matches/${match.id}`, { ranks });
  }
  return league;
}

async function playedDoubleRoundRobin(count) {
  const base = await tournament({ name: `Double round robin ${Date.now()}`, format: 'round_robin', legs: 2 }, count, (i) => ({ name: `Team ${i + 1}`, seed: i + 1 }));
  await call('PATCH', base, { status: 'in_progress' });
  const all = [];
  let cursor = null;
  do {
    const page = await call('GET', `${base}/matches?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  for (const match of all) await call('PATCH', `${base}/matches/${match.id}`, { scores: [match.number % 4, (match.number * 7) % 3] });
  return base;
}

async function tournament(fields, count, participant) {
  const { id } = await call('POST', '/api/v1/tournaments', fields, 201);
  for (let from = 0; from < count; from += 256) {
    const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => participant(from + i));
    await call('POST', `/api/v1/tournaments/${id}/participants/bulk`, { participants }, 201);
  }
  return `/api/v1/tournaments/${id}`;
}

async function sample(path) {
  for (let i = 0; i < WARM_UP; i++) await call('GET', path);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await call('GET', path);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function report(name, times, targetMs) {
  const p95 = percentile(times, 95);
  console.log(pad(name, 66), pad(percentile(times, 50).toFixed(1), 9), pad(p95.toFixed(1), 9), `p95 ≤ ${targetMs} ms ${p95 <= targetMs ? 'ok' : 'MISSED'}`);
}

async function call(method, path, body, expected = 200) {
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
