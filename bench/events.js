#!/usr/bin/env node
// Event streams benchmark (part of `npm run bench`; alone: `node bench/events.js` after a build). One service on a
// fresh database (on DATABASE_URL's server, or the embedded PostgreSQL in .data/bench-events, EMBEDDED_DB_PORT 15357), BENCH_EVENT_STREAMS (1000) open streams of one account filtered to match.reported, while a
// reporter reports BENCH_EVENT_RATE (200) results a second for BENCH_EVENT_SECONDS (10). Prints the commit-to-stream
// latency (from the PATCH's response, i.e. after its commit, to the event arriving on a stream) p50/p99 over
// BENCH_EVENT_PROBES (20) fully parsed streams, how many events every stream received, and the service's RSS with
// the streams open. The other streams are read by bench/stream-readers.js in a process of its own, which only
// counts their messages: parsing 1 000 streams here would delay the probes' clock, not the service. Targets (issue 28): p99 ≤ 100 ms on loopback, RSS ≤ 300 MiB with 1000 streams.
'use strict';
const { fork } = require('node:child_process');
const http = require('node:http');
const { join } = require('node:path');
const { freshDatabase } = require('./support/database');
const { apiClient, benchEnv, cpuMs, embeddedDatabaseSettings, premiumAccount, rssMiB, startService, stopProcess } = require('./support/service');

const STREAMS = Number(process.env.BENCH_EVENT_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_EVENT_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_EVENT_SECONDS ?? 10);
const PROBES = Math.min(STREAMS, Number(process.env.BENCH_EVENT_PROBES ?? 20));
const PORT = Number(process.env.BENCH_PORT ?? 3950) + 2;
const STREAM_PATH = '/api/v1/events/stream?types=match.reported';
const PLAYERS = 16; // round robins of 16: 120 matches each, all ready from the start

async function main() {
  const embedded = embeddedDatabaseSettings('bench-events', 15357);
  const database = await freshDatabase('events', { embedded: { dataDir: embedded.DATA_DIR, port: Number(embedded.EMBEDDED_DB_PORT) } });
  const env = benchEnv({
    DATABASE_URL: database.url,
    PORT: String(PORT),
    EVENT_STREAMS_PER_ACCOUNT: String(STREAMS),
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
  });
  const streams = [];
  let service;
  let readers;
  try {
    service = await startService(env, { nodeArgs: ['--max-semi-space-size=16', ...(process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean)] });
    const { token } = premiumAccount(env, 'events');
    const api = eventsClient(token);
    const needed = RATE * SECONDS;
    // Reports take turns between tournaments (the reports of one tournament queue behind each other's lock).
    const tournaments = [];
    for (let total = 0; total < needed; total += PLAYERS * (PLAYERS - 1) / 2) tournaments.push(await startedRoundRobin(api));
    const matches = [];
    for (let i = 0; matches.length < needed; i++) for (const list of tournaments) if (i < list.length) matches.push(list[i]);
    const rssBefore = rssMiB(service.pid);

    for (let i = 0; i < PROBES; i++) streams.push(await openStream(token));
    readers = await startReaders(token, STREAMS - PROBES);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssWithStreams = rssMiB(service.pid);

    const reportedAt = new Map();
    let failures = 0;
    const failedStatuses = new Map();
    const cpuBefore = cpuMs(service.pid);
    const started = Date.now();
    const inFlight = [];
    for (let i = 0; i < needed; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const match = matches[i];
      inFlight.push(
        api.patch(`/api/v1/tournaments/${match.tournamentId}/matches/${match.id}`, { scores: [1, 0] }).then((status) => {
          if (status === 200) reportedAt.set(match.id, performance.now());
          else {
            failures += 1;
            failedStatuses.set(status, (failedStatuses.get(status) ?? 0) + 1);
          }
        }),
      );
    }
    await Promise.all(inFlight);
    const achievedRate = needed / ((Date.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The service's CPU per report, the fan-out to every stream included: steadier than latency on a shared machine.
    const cpuPerReport = (cpuMs(service.pid) - cpuBefore) / needed;
    const rssAfter = rssMiB(service.pid);

    const latencies = [];
    for (const stream of streams) {
      for (const [matchId, at] of stream.arrivals) {
        const reported = reportedAt.get(matchId);
        if (reported !== undefined) latencies.push(Math.max(0, at - reported));
      }
    }
    latencies.sort((a, b) => a - b);
    const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN);
    const delivered = [...streams.map((s) => s.count), ...(await readers.counts())];
    const p99 = pct(99);
    const rss = Math.max(rssWithStreams, rssAfter);
    const statuses = [...failedStatuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(`\nEvent streams: ${STREAMS} streams, ${needed} reports at ${achievedRate.toFixed(0)}/s (asked ${RATE}/s), ${failures} failed reports${statuses ? ` (${statuses})` : ''}.`);
    console.log(`| measure | value | target |\n|---|---:|---|`);
    console.log(`| commit-to-stream p50 ms | ${pct(50).toFixed(1)} | |`);
    console.log(`| commit-to-stream p99 ms | ${p99.toFixed(1)} | ${p99 <= 100 ? 'ok' : 'MISSED'} (≤ 100) |`);
    console.log(`| service CPU ms per report (fan-out included) | ${cpuPerReport.toFixed(1)} | |`);
    console.log(`| events per stream (min / max) | ${Math.min(...delivered)} / ${Math.max(...delivered)} of ${reportedAt.size} | ${Math.min(...delivered) === reportedAt.size ? 'ok' : 'MISSED'} |`);
    console.log(`| service RSS MiB: before streams / with streams / after reports | ${rssBefore} / ${rssWithStreams} / ${rssAfter} | ${rss <= 300 ? 'ok' : 'MISSED'} (≤ 300) |`);
  } finally {
    for (const stream of streams) stream.close();
    readers?.close();
    if (service) await stopProcess(service);
    await database.drop();
  }
}

function eventsClient(token) {
  const request = apiClient(token, [PORT]);
  return {
    request,
    patch: async (path, body) => (await request('PATCH', path, body)).status,
  };
}

/** A started round robin of PLAYERS: its matches, every one ready. */
async function startedRoundRobin(api) {
  const created = await api.request('POST', '/api/v1/tournaments', { name: `Bench RR ${Date.now()}`, format: 'round_robin' });
  const id = created.json().id;
  const participants = Array.from({ length: PLAYERS }, (_, i) => ({ name: `P${i + 1}` }));
  await api.request('POST', `/api/v1/tournaments/${id}/participants/bulk`, { participants });
  await api.request('PATCH', `/api/v1/tournaments/${id}`, { status: 'in_progress' });
  const matches = [];
  let cursor = '';
  do {
    const page = (await api.request('GET', `/api/v1/tournaments/${id}/matches?limit=100&status=ready${cursor ? `&cursor=${cursor}` : ''}`)).json();
    matches.push(...page.data.map((match) => ({ id: match.id, tournamentId: id })));
    cursor = page.next_cursor;
  } while (cursor);
  return matches;
}

/** The streams beyond the probes, opened and counted by bench/stream-readers.js. */
function startReaders(token, count) {
  const child = fork(join(__dirname, 'stream-readers.js'), {
    env: { ...process.env, BENCH_READERS_PORT: String(PORT), BENCH_READERS_TOKEN: token, BENCH_READERS_COUNT: String(count), BENCH_READERS_PATH: STREAM_PATH },
  });
  const answer = (message) =>
    new Promise((resolve, reject) => {
      child.once('message', (reply) => (reply?.error ? reject(new Error(reply.error)) : resolve(reply)));
      child.send(message);
    });
  return answer('open').then(() => ({
    counts: async () => (await answer('counts')).counts,
    close: () => child.connected && child.send('close'),
  }));
}

/** A probe stream of match.reported: it parses every message and notes when each match's event arrived. */
function openStream(token) {
  return new Promise((resolve, reject) => {
    const stream = { count: 0, arrivals: new Map(), close: () => req.destroy() };
    const req = http.get(
      { host: '127.0.0.1', port: PORT, path: STREAM_PATH, agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const now = performance.now();
          buffer += chunk;
          let boundary;
          while ((boundary = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            if (!message.startsWith('id: ')) continue;
            stream.count += 1;
            const data = JSON.parse(message.slice(message.indexOf('data: ') + 6));
            stream.arrivals.set(data.data.id, now);
          }
        });
        res.on('error', () => undefined);
        resolve(stream);
      },
    );
    req.on('error', (error) => (stream.count === 0 ? reject(error) : undefined));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
