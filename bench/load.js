#!/usr/bin/env node
// One scenario's load, in a process of its own so the generator never shares a CPU queue with bench/run.js:
// `node bench/load.js '<json spec>'` prints {generator, requests, seconds, perSecond, p50, p99, errors, non2xx}.
// The generator is wrk when it is installed (native, lighter on a 2-core machine), otherwise autocannon from npm;
// BENCH_LOAD_GENERATOR=autocannon|wrk chooses. spec: { url, method, headers, paths: [...], body?, connections, seconds, warmupSeconds }
'use strict';
const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

function main() {
  const spec = JSON.parse(process.argv[2]);
  const generator = process.env.BENCH_LOAD_GENERATOR ?? (wrkInstalled() ? 'wrk' : 'autocannon');
  const run = generator === 'wrk' ? withWrk : withAutocannon;
  return Promise.resolve(run(spec)).then((result) => process.stdout.write(JSON.stringify({ generator, ...result })));
}

function wrkInstalled() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its banner and exits 1; only a missing binary is ENOENT.
    return error.code !== 'ENOENT';
  }
}

function withWrk(spec) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const pathsFile = join(dir, 'paths');
    writeFileSync(pathsFile, spec.paths.join('\n'));
    const env = {
      ...process.env,
      BENCH_PATHS_FILE: pathsFile,
      BENCH_METHOD: spec.method,
      BENCH_BODY: spec.body ?? '',
      BENCH_HEADERS: Object.entries(spec.headers ?? {}).map(([name, value]) => `${name}: ${value}`).join('\n'),
    };
    const wrk = (seconds) => {
      const output = execFileSync(
        'wrk',
        ['-t2', `-c${spec.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', join(__dirname, 'wrk-report.lua'), new URL(spec.url).origin],
        { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      return JSON.parse(output.trim().split('\n').at(-1));
    };
    const warmup = spec.warmupSeconds > 0 ? wrk(spec.warmupSeconds) : undefined;
    const result = wrk(spec.seconds);
    const seconds = result.micros / 1e6;
    return {
      requests: result.requests,
      warmupRequests: warmup?.requests ?? 0,
      seconds,
      perSecond: result.requests / seconds,
      p50: result.p50 / 1000,
      p99: result.p99 / 1000,
      errors: result.errors + result.non2xx,
      non2xx: result.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withAutocannon(spec) {
  const autocannon = require('autocannon');
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
        // "{n}" in the body becomes a number no other request gets (a PATCH always changes something).
        setupRequest: (request) => ({ ...request, path: spec.paths[next % spec.paths.length], body: spec.body?.replaceAll('{n}', String(next++)) }),
      },
    ],
  };
  const warmup = spec.warmupSeconds > 0 ? await autocannon({ ...options, duration: spec.warmupSeconds }) : undefined;
  const result = await autocannon({ ...options, duration: spec.seconds });
  return {
    requests: result.requests.total,
    warmupRequests: warmup?.requests.total ?? 0,
    seconds: result.duration,
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
