#!/usr/bin/env node
// An open-loop load at a steady rate, in a process of its own: `node bench/steady-load.js '<json spec>'` sends GETs
// to spec.url at spec.rate a second, spread evenly (not in bursts), over at most spec.connections keep-alive
// connections, for spec.seconds, and prints {requests, seconds, perSecond, p50, p99, errors}. Latency is the
// server's answer time, since requests go out on schedule whatever the earlier ones do (viewers arrive on their own).
'use strict';
const http = require('node:http');

function main() {
  const spec = JSON.parse(process.argv[2]);
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  let pending = 0;
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  return new Promise((resolve) => {
    const send = () => {
      sent++;
      pending++;
      const at = performance.now();
      const request = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          if (response.statusCode !== 200) errors++;
          latencies.push(performance.now() - at);
          done();
        });
      });
      request.on('error', () => {
        errors++;
        done();
      });
    };
    const done = () => {
      pending--;
      if (performance.now() >= end && pending === 0) finish();
    };
    const timer = setInterval(() => {
      const now = Math.min(performance.now(), end);
      const due = Math.floor(((now - started) / 1000) * spec.rate);
      while (sent < due) send();
      if (now >= end) {
        clearInterval(timer);
        if (pending === 0) finish();
      }
    }, 1);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * q) - 1)] ?? 0;
      resolve({ requests: latencies.length, seconds: spec.seconds, perSecond: latencies.length / spec.seconds, p50: at(0.5), p99: at(0.99), errors });
    };
  });
}

main().then((result) => process.stdout.write(JSON.stringify(result)));
