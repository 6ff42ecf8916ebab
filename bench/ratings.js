#!/usr/bin/env node
// Benchmark of league ratings (issue 43): `npm run bench` runs it after bench/leagues.js (bench/all.js), or alone
// with `node bench/ratings.js` after `npm run build`. Replays a league of 200 players and 20 000 rated matches
// (one-on-one, one in ten a draw, one in twenty a four-player free-for-all) from scratch with each model, in one
// of play's worker threads as the service does (dist/matches/match-work.js, task ratingsOf), target ≤ 2 s (what a
// correction, a void or a new setting costs); and a report's update of the stored table: one more result rated on
// top of the stored rows of its players (applyResults, as LeagueRatingsKeeper does), target ≤ 20 ms. Before the
// table was stored, a report cost a replay with one more result (the third column, kept for comparison).
// BENCH_RATING_MATCHES and BENCH_RATING_RUNS change its size.
'use strict';
const { join } = require('node:path');
const { WorkerPool } = require('../dist/platform/work/worker-pool');
const { ratingSettingsOf } = require('../dist/leagues/domain/ratings/rating-settings');
const { applyResults } = require('../dist/leagues/domain/ratings/rating-engine');

const PLAYERS = 200;
const MATCHES = Number(process.env.BENCH_RATING_MATCHES ?? 20_000);
const RUNS = Number(process.env.BENCH_RATING_RUNS ?? 5);

/** A fixed pseudo-random league: the same results on every run. */
function league(count) {
  let state = 43;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const player = (index) => ({ key: `name:player ${index}`, name: `Player ${index}` });
  const results = [];
  for (let i = 0; i < count; i += 1) {
    const size = next() < 0.05 ? 4 : 2;
    const picked = new Set();
    while (picked.size < size) picked.add(Math.floor(next() * PLAYERS));
    const draw = size === 2 && next() < 0.1;
    const placings = [...picked].map((index, place) => ({ ...player(index), rank: draw ? 1 : place + 1 }));
    results.push({ id: `m${String(i).padStart(6, '0')}`, matchId: `m${i}`, tournamentId: 't', completedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000), placings });
  }
  return results;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const pool = new WorkerPool({
    module: join(__dirname, '../dist/matches/match-work.js'),
    exportName: 'MATCH_TASKS',
    threads: 1,
    maxQueued: 4,
    taskTimeoutMs: 60_000,
    maxHeapMb: 512,
    errorTypes: [],
  });
  const results = league(MATCHES);
  const oneMore = [...results, ...league(MATCHES + 1).slice(MATCHES)];
  console.log(`\nratings: ${PLAYERS} players, ${MATCHES} rated matches, median of ${RUNS} runs in a worker thread\n`);
  console.log('model'.padEnd(12), 'from scratch ms'.padEnd(17), 'replay + 1 (before) ms'.padEnd(24), "one report's update ms".padEnd(24), 'targets');
  try {
    for (const model of ['openskill', 'glicko2', 'elo']) {
      const settings = ratingSettingsOf({ model });
      await pool.run('ratingsOf', settings, results);
      const times = [];
      const again = [];
      const updates = [];
      for (let run = 0; run < RUNS; run += 1) {
        let start = process.hrtime.bigint();
        const { table } = await pool.run('ratingsOf', settings, results);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (table.length !== PLAYERS) throw new Error(`${model}: ${table.length} players rated, not ${PLAYERS}`);
        start = process.hrtime.bigint();
        await pool.run('ratingsOf', settings, oneMore);
        again.push(Number(process.hrtime.bigint() - start) / 1e6);
        // The stored rows as a report finds them (a copy: each run starts from the same table).
        const stored = new Map(table.map((row) => [row.key, { ...row }]));
        start = process.hrtime.bigint();
        const entries = applyResults(settings, stored, oneMore.slice(MATCHES));
        updates.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (entries.length < 2) throw new Error(`${model}: the extra result rated ${entries.length} players`);
      }
      const scratch = median(times);
      const update = median(updates);
      const verdict = `≤ 2000 ${scratch <= 2000 ? 'ok' : 'MISSED'}, ≤ 20 ${update <= 20 ? 'ok' : 'MISSED'}`;
      console.log(model.padEnd(12), scratch.toFixed(0).padEnd(17), median(again).toFixed(0).padEnd(24), update.toFixed(2).padEnd(24), verdict);
    }
  } finally {
    await pool.onApplicationShutdown();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
