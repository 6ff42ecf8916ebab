#!/usr/bin/env node
// Many viewers of one tournament (issue 42): `node bench/viewers.js` after `npm run build` (bench/all.js runs it after
// bench/viewing.js). Needs a PostgreSQL (DATABASE_URL, default the local one): it creates a database of its own and
// drops it after. BENCH_VIEWERS (default 5 000) public live streams of one shared 1 024-player single elimination stay
// open on one instance, on 127.0.0.1, while a bot reports BENCH_RESULTS_PER_SECOND (default 5) results a second for
// BENCH_VIEWERS_SECONDS (default 30, at most 60). Targets, each printed ok / MISSED:
//   - per result, the time until 95 % of the viewers have it (its match in an update), p95 over the results <= 1 s;
//   - the service's peak RSS <= 400 MiB;
//   - its longest event-loop block (prom-client's monitorEventLoopDelay max, from /metrics) <= 50 ms.
// One address holds every stream, so the per-address and per-instance stream caps are raised for this run only.
// BENCH_SERVICE_ARGS: extra node options for the service (`--cpu-prof --cpu-prof-dir=/tmp/viewers-prof` to profile it).
// The viewers are bare sockets in this process, run at nice BENCH_VIEWERS_NICE (default 10) once the service is up:
// in production they are other machines, here they would otherwise take a core from the service they measure.
'use strict';
const { connect } = require('node:net');
const { setPriority } = require('node:os');
const { readFileSync } = require('node:fs');
const { Client } = require('pg');
const { benchEnv, cpuMs, premiumAccount, rssMiB, startService, stopProcess } = require('./support/service');

const PORT = Number(process.env.BENCH_VIEWERS_PORT ?? 3961);
const METRICS_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const RESULTS_PER_SECOND = Number(process.env.BENCH_RESULTS_PER_SECOND ?? 5);
const SECONDS = Math.min(60, Number(process.env.BENCH_VIEWERS_SECONDS ?? 30));
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `bench_viewers_${process.pid}`;

let headers;

async function main() {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  const limits = String(VIEWERS + 100);
  const env = benchEnv({
    DATABASE_URL: withDatabase(ADMIN_URL, DATABASE),
    PORT: String(PORT),
    METRICS_PORT: String(METRICS_PORT),
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_STREAMS_PER_ADDRESS: limits,
    PUBLIC_STREAMS_PER_INSTANCE: limits,
  });
  let server;
  const streams = [];
  try {
    server = await startService(env, { nodeArgs: ['--max-semi-space-size=16', ...(process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean)] });
    setPriority(process.pid, Number(process.env.BENCH_VIEWERS_NICE ?? 10));
    const { token } = premiumAccount(env, 'viewers');
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { base, shareId } = await sharedTournament(1024);
    // As a page does: the stream from the state the page shows, so a viewer gets what changes, not the page again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const page = await (await fetch(`${BASE}/v/${shareId}`)).text();
    const state = /data-state="([^"]+)"/.exec(page)[1];
    progress('tournament shared; opening streams');
    // Viewers arrive in batches, as a crowd would over a few seconds, not in one burst of connects.
    const arrivals = new Map();
    for (let opened = 0; opened < VIEWERS; opened += 250) {
      const batch = Math.min(250, VIEWERS - opened);
      streams.push(...(await Promise.all(Array.from({ length: batch }, () => openViewer(`/v/${shareId}/events?since=${encodeURIComponent(state)}`, arrivals)))));
    }
    progress(`${streams.length} streams open; reporting`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await metric('nodejs_eventloop_lag_max_seconds'); // a scrape resets the event-loop histogram: measure from here
    let peakRss = rssMiB(server.pid);
    const cpuBefore = cpuMs(server.pid);
    const reported = [];
    const ready = [];
    const deadline = Date.now() + SECONDS * 1000;
    for (let next = Date.now(); Date.now() < deadline; next += 1000 / RESULTS_PER_SECOND) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      if (ready.length === 0) ready.push(...(await call('GET', `${base}/matches?status=ready&limit=100`)).data);
      const match = ready.shift();
      if (!match) break;
      await call('PATCH', `${base}/matches/${match.id}`, { scores: [2, 1] });
      reported.push({ number: match.number, at: performance.now() });
      peakRss = Math.max(peakRss, rssMiB(server.pid));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const blockMs = (await metric('nodejs_eventloop_lag_max_seconds')) * 1000;
    // CPU time, unlike the latencies, hardly depends on what else runs on the machine: it compares builds on a busy one.
    const cpuPerResult = (cpuMs(server.pid) - cpuBefore) / Math.max(1, reported.length);
    peakRss = Math.max(peakRss, rssMiB(server.pid));
    const open = streams.filter((stream) => !stream.closed).length;
    const updatesPerViewer = streams.reduce((sum, stream) => sum + stream.updates, 0) / streams.length;
    // For each result, the time until 95 % of the viewers had its match (a viewer that never did counts as never).
    const reach = reported.map(({ number, at }) => {
      const times = (arrivals.get(number) ?? []).map((arrived) => arrived - at).sort((a, b) => a - b);
      const needed = Math.ceil(VIEWERS * 0.95);
      return times.length >= needed ? times[needed - 1] : Infinity;
    });
    reach.sort((a, b) => a - b);
    const p95 = reach[Math.ceil(reach.length * 0.95) - 1] ?? Infinity;
    const p50 = reach[Math.ceil(reach.length * 0.5) - 1] ?? Infinity;
    const rows = [
      [`streams open at the end, of ${VIEWERS}`, String(open), verdict(open === VIEWERS)],
      [`results reported (${RESULTS_PER_SECOND}/s for ${SECONDS} s)`, String(reported.length), verdict(reported.length >= RESULTS_PER_SECOND * SECONDS * 0.9)],
      ['result to 95 % of viewers, p95 over results (ms)', p95.toFixed(0), verdict(p95 <= 1000)],
      ['same, p50 / slowest result (ms)', `${p50.toFixed(0)} / ${(reach.at(-1) ?? Infinity).toFixed(0)}`, ''],
      ['service peak RSS (MiB)', String(peakRss), verdict(peakRss <= 400)],
      ['longest event-loop block (ms)', blockMs.toFixed(0), verdict(blockMs <= 50)],
      ['updates a viewer got (one may carry several results)', updatesPerViewer.toFixed(1), ''],
      ['service CPU per result, all threads, fan-out included (ms)', cpuPerResult.toFixed(1), ''],
    ];
    console.log(`\nviewers: ${VIEWERS} live streams of one 1 024-player bracket on one instance\n`);
    for (const [name, value, outcome] of rows) console.log(pad(name, 58), pad(value, 10), outcome);
  } finally {
    for (const stream of streams) stream.request.destroy();
    if (server) await stopProcess(server);
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
}

/** One viewer's stream: notes when each match first reaches it (its `v-m-{number}` in an update). */
function progress(text) {
  process.stderr.write(`viewers: ${text}\n`);
}

const MATCH_ID = Buffer.from('"id":"v-m-');
const UPDATE = Buffer.from('event: update');
const QUOTE = 0x22;

/**
 * A viewer as a bare socket that scans the bytes it gets for match ids: the load generator shares the machine's
 * cores with the service, so it decodes no HTTP and no text (an HTTP client per stream took most of a core).
 */
function openViewer(path, arrivals) {
  return new Promise((resolve, reject) => {
    const seen = new Set();
    const viewer = { closed: false, request: undefined, updates: 0 };
    const socket = connect({ host: '127.0.0.1', port: PORT });
    viewer.request = socket;
    let tail = Buffer.alloc(0);
    let started = false;
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n`));
    socket.on('data', (chunk) => {
      const now = performance.now();
      if (!started) {
        started = true;
        if (!chunk.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 200')) return reject(new Error(`stream: ${chunk.subarray(0, 12).toString('latin1')}`));
        resolve(viewer);
      }
      const data = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
      for (let at = chunk.indexOf(UPDATE); at >= 0; at = chunk.indexOf(UPDATE, at + 1)) viewer.updates += 1;
      for (let at = data.indexOf(MATCH_ID); at >= 0; at = data.indexOf(MATCH_ID, at + 1)) {
        const from = at + MATCH_ID.length;
        const end = data.indexOf(QUOTE, from);
        if (end < 0) break; // cut off: found again in the next chunk, with the tail
        const number = Number(data.toString('latin1', from, end));
        if (seen.has(number)) continue;
        seen.add(number);
        let times = arrivals.get(number);
        if (!times) arrivals.set(number, (times = []));
        times.push(now);
      }
      // An id split between two chunks is found in the next one.
      tail = Buffer.from(data.subarray(Math.max(0, data.length - 24)));
    });
    socket.on('close', () => (viewer.closed = true));
    socket.on('error', reject);
  });
}

async function call(method, path, body, expected = 200) {
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function sharedTournament(count) {
  const created = await call('POST', '/api/v1/tournaments', { name: `Bench crowd ${Date.now()}`, format: 'single_elimination', visibility: 'unlisted' }, 201);
  for (let from = 0; from < count; from += 256) {
    const participants = Array.from({ length: Math.min(256, count - from) }, (_, i) => ({ name: `Player ${from + i + 1}`, seed: from + i + 1 }));
    await call('POST', `/api/v1/tournaments/${created.id}/participants/bulk`, { participants }, 201);
  }
  await call('PATCH', `/api/v1/tournaments/${created.id}`, { status: 'in_progress' });
  return { base: `/api/v1/tournaments/${created.id}`, shareId: created.share_id };
}

async function metric(name) {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  if (!line) throw new Error(`/metrics has no ${name}`);
  return Number(line.split(' ')[1]);
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function verdict(ok) {
  return ok ? 'ok' : 'MISSED';
}

function pad(text, width) {
  return String(text).padEnd(width);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
