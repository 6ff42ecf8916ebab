#!/usr/bin/env node
// The bulk of bench/events.js's streams, in a process of their own: they only count the messages they receive, so
// reading 1 000 streams does not hold up the process that times the reports and the probe streams' arrivals.
// Started by bench/events.js with `fork` (BENCH_READERS_PORT, BENCH_READERS_TOKEN, BENCH_READERS_COUNT, BENCH_READERS_PATH);
// answers 'opened' once every stream is open, and its counts (one per stream) on 'counts'.
'use strict';
const http = require('node:http');

const port = Number(process.env.BENCH_READERS_PORT);
const token = process.env.BENCH_READERS_TOKEN;
const count = Number(process.env.BENCH_READERS_COUNT);
const path = process.env.BENCH_READERS_PATH;
const streams = [];

function openStream() {
  return new Promise((resolve, reject) => {
    const stream = { count: 0, tail: '\n' };
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: HTTP ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        // A message starts with its "id: " line; the last bytes of the previous chunk are kept for a split one.
        const text = stream.tail + chunk;
        for (let at = text.indexOf('\nid: '); at >= 0; at = text.indexOf('\nid: ', at + 1)) stream.count += 1;
        stream.tail = text.slice(-4);
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    stream.close = () => request.destroy();
    request.on('error', (error) => (stream.count === 0 ? reject(error) : undefined));
  });
}

process.on('message', async (message) => {
  if (message === 'open') {
    try {
      for (let i = 0; i < count; i++) streams.push(await openStream());
      process.send('opened');
    } catch (error) {
      process.send({ error: String(error) });
    }
  } else if (message === 'counts') {
    process.send({ counts: streams.map((stream) => stream.count) });
  } else if (message === 'close') {
    for (const stream of streams) stream.close();
    process.exit(0);
  }
});
