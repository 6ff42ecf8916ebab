#!/usr/bin/env node
// One scenario's load, in a process of its own so the generator never shares a CPU queue with bench/run.js:
// `node bench/load.js '<json spec>'` drives autocannon and prints {requests, seconds, perSecond, p50, p99, errors, ...}.
// spec: { url, method, headers, paths: [...], body?, connections, seconds, warmupSeconds }
'use strict';
const autocannon = require('autocannon');

async function main() {
  const spec = JSON.parse(process.argv[2]);
  const origin = new URL(spec.url).origin;
  let next = 0;
  const options = {
    url: origin,
    connections: spec.connections,
    pipelining: 1,
    headers: spec.headers,
    requests: [
      {
        method: spec.method,
        body: spec.body,
        // Each request takes the next path in turn (a different tournament per GET one / PATCH).
        setupRequest: (request) => ({ ...request, path: spec.paths[next++ % spec.paths.length] }),
      },
    ],
  };
  const warmup = spec.warmupSeconds > 0 ? await autocannon({ ...options, duration: spec.warmupSeconds }) : undefined;
  const result = await autocannon({ ...options, duration: spec.seconds });
  process.stdout.write(
    JSON.stringify({
      requests: result.requests.total,
      warmupRequests: warmup?.requests.total ?? 0,
      seconds: result.duration,
      perSecond: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      non2xx: result.non2xx,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
