#!/usr/bin/env node
// Benchmark of the scheduler (issue 41): `npm run bench` runs it after bench/leagues.js (bench/all.js), or alone with
// `node bench/schedule.js` after `npm run build`. Times the domain function alone (no HTTP, no database), as the
// median of BENCH_SCHEDULE_RUNS runs (default 5), with one evening window and then two evenings:
//   - planning a 512-player double elimination on 32 stations, target 1 s;
//   - planning a 24-team double round robin on 12 stations, target 1 s.
// Each line also shows the plan's end against the lower bound it reports (the quality target is 1.15).
'use strict';
const { durationsBy, generateMatches, planSchedule, scheduleMatchesOf } = require('../dist/competition');

const RUNS = Number(process.env.BENCH_SCHEDULE_RUNS ?? 5);
const HOUR = 3_600_000;
const from = Date.UTC(2026, 4, 1, 17);

function tournament(format, count, legs) {
  const participants = Array.from({ length: count }, (_, index) => ({ id: `p${index + 1}`, seed: index + 1 }));
  let next = 0;
  const rules = legs === 2 ? { points: { win: 3, draw: 1, loss: 0 }, tiebreakers: [], legs: 2 } : undefined;
  const matches = generateMatches({ format, rounds: null, rules }, participants, () => `m${++next}`, new Date(from));
  return scheduleMatchesOf(matches, durationsBy(matches, { default: 30, rounds: { final: 60, grand_final: 60 } }, format !== 'round_robin'));
}

function stations(count) {
  return Array.from({ length: count }, (_, index) => ({ id: `table-${index + 1}`, available: null }));
}

const pad = (value, width) => String(value).padEnd(width);
const scenarios = [
  ['double elimination of 512 on 32 stations', () => tournament('double_elimination', 512), 32],
  ['double round robin of 24 on 12 stations', () => tournament('round_robin', 24, 2), 12],
];
const windowSets = [
  ['one window', [{ from, to: from + 100 * HOUR }]],
  ['two windows', [{ from, to: from + 6 * HOUR }, { from: from + 24 * HOUR, to: from + 124 * HOUR }]],
];

console.log(`\nScheduler (issue 41), median of ${RUNS}`);
console.log(pad('plan', 66), pad('ms', 9), pad('end/bound', 10), 'target');
for (const [name, build, stationCount] of scenarios) {
  for (const [windowName, windows] of windowSets) {
    const matches = build();
    const times = [];
    let plan;
    for (let run = 0; run < RUNS; run++) {
      const started = process.hrtime.bigint();
      plan = planSchedule({ matches, stations: stations(stationCount), windows, restMs: 10 * 60_000, from, keepOrder: true });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const ratio = (plan.endsAt - from) / (plan.lowerBound.endsAt - from);
    console.log(pad(`${name}, ${windowName}`, 66), pad(median.toFixed(1), 9), pad(ratio.toFixed(3), 10), `≤ 1000 ms ${median <= 1000 ? 'ok' : 'MISSED'}, ≤ 1.15 ${ratio <= 1.15 ? 'ok' : 'MISSED'}${plan.unplaced.length ? `, ${plan.unplaced.length} unplaced` : ''}`);
  }
}
