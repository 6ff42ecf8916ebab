#!/usr/bin/env node
// `npm run bench [-- options]`: the service against the bare server (bench/run.js, which gets the options), then,
// for a whole suite (no --only, no --scale), the format timings (bench/formats.js), the league and round robin
// tables (bench/leagues.js), the league ratings replay (bench/ratings.js), the scheduler (bench/schedule.js), staged
// tournaments (bench/stages.js: 64 groups then a bracket, and a 1 024 swiss with a top-64 cut), the viewer
// pages (bench/viewing.js), 5 000 live viewers of one bracket (bench/viewers.js; `--only viewers`), the event streams (bench/events.js; `--only events` runs just that one) and webhook
// delivery (bench/webhooks.js;
// `--only webhooks`). Options written after `--` used to
// reach only the last command of the npm script, so `--runs 3` or `--scale` never got to bench/run.js.
'use strict';
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const args = process.argv.slice(2);
try {
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  if (only !== 'events' && only !== 'webhooks' && only !== 'viewers') execFileSync(process.execPath, [join(__dirname, 'run.js'), ...args], { stdio: 'inherit' });
  if (!only && !args.includes('--scale')) {
    execFileSync(process.execPath, [join(__dirname, 'formats.js')], { stdio: 'inherit' });
    execFileSync(process.execPath, [join(__dirname, 'leagues.js')], { stdio: 'inherit' });
    execFileSync(process.execPath, [join(__dirname, 'ratings.js')], { stdio: 'inherit' });
    execFileSync(process.execPath, [join(__dirname, 'schedule.js')], { stdio: 'inherit' });
    execFileSync(process.execPath, [join(__dirname, 'stages.js')], { stdio: 'inherit', env: process.env });
  }
  if ((!only && !args.includes('--scale')) || only === 'events') {
    execFileSync(process.execPath, [join(__dirname, 'events.js')], { stdio: 'inherit' });
  }
  if (!only && !args.includes('--scale')) execFileSync(process.execPath, [join(__dirname, 'viewing.js')], { stdio: 'inherit' });
  if ((!only && !args.includes('--scale')) || only === 'viewers') {
    execFileSync(process.execPath, [join(__dirname, 'viewers.js')], { stdio: 'inherit' });
  }
  if ((!only && !args.includes('--scale')) || only === 'webhooks') {
    // Latency at 100 deliveries/s offered, then throughput at 600 (bench/webhooks.js says why).
    for (const rate of ['10', '60']) {
      execFileSync(process.execPath, [join(__dirname, 'webhooks.js')], { stdio: 'inherit', env: { ...process.env, BENCH_WEBHOOK_RATE: process.env.BENCH_WEBHOOK_RATE ?? rate } });
    }
  }
} catch (error) {
  process.exit(error.status ?? 1);
}
