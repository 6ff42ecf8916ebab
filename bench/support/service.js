'use strict';
// What the benchmark scripts share about the service: its environment, starting and stopping it, waiting for it to
// be ready, the admin command line (an account and its token), a keep-alive client of its API, and its RSS.
const { execFileSync, spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const http = require('node:http');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

/** The service's environment in a benchmark: loopback, quiet, no rate limit in the way; `settings` add or override. */
function benchEnv(settings = {}) {
  return { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', ...settings };
}

/**
 * Where the service keeps its embedded PostgreSQL (when DATABASE_URL is not set): .data/<dir> and `port`, unless
 * DATA_DIR and EMBEDDED_DB_PORT say otherwise. The benchmarks' ports lie below Linux's ephemeral range (32768-60999):
 * one in it may still be the local port of a client socket of the benchmark before (bench/viewers.js opens 5 000).
 */
function embeddedDatabaseSettings(dir, port) {
  return { DATA_DIR: process.env.DATA_DIR ?? join(root, '.data', dir), EMBEDDED_DB_PORT: process.env.EMBEDDED_DB_PORT ?? String(port) };
}

/**
 * Starts the built service (dist/main.js) with `env` and resolves once it answers /health/ready on env.PORT.
 * `nodeArgs` go before the script; `ipc` opens a channel to it (bench/start-meter.js and bench/heap-meter.js).
 */
async function startService(env, { nodeArgs = [], ipc = false } = {}) {
  const stdio = ['ignore', 'ignore', 'inherit', ...(ipc ? ['ipc'] : [])];
  const service = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'main.js')], { env, stdio });
  try {
    await pollReady(`http://127.0.0.1:${env.PORT}/health/ready`, service);
  } catch (error) {
    await stopProcess(service);
    throw error;
  }
  return service;
}

/** Stops a process this script started (SIGTERM) and resolves once it has exited. */
async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resolves once `url` answers 2xx; fails after 60 s, or at once when `child` (the server's process) has exited. */
async function pollReady(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server behind ${url} exited during start`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not ready within 60 s`);
}

/** Runs the built admin command line with `env` and returns what it printed. */
function runCli(env, cliArgs) {
  return execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), ...cliArgs], { env: { ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
}

/** A new premium account (its email names the benchmark) and an API token of it. */
function premiumAccount(env, benchmark) {
  const email = `bench-${benchmark}-${Date.now()}@example.com`;
  runCli(env, ['account:create', '--email', email, '--plan', 'premium']);
  const { token } = JSON.parse(runCli(env, ['token:generate', '--email', email]));
  return { email, token };
}

/**
 * A keep-alive JSON client of the API on loopback, as the bearer of `token`: `request(method, path, body)` resolves
 * to `{ status, json() }`. Requests take turns between `ports` (replicas of the service).
 */
function apiClient(token, ports, { maxSockets = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let next = 0;
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const port = ports[next++ % ports.length];
      const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, json: () => JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
}

/** The resident memory of process `pid`, in MiB. */
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** User + system CPU time process `pid` has used, in ms (clock ticks are 10 ms on Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

module.exports = { benchEnv, embeddedDatabaseSettings, startService, stopProcess, pollReady, runCli, premiumAccount, apiClient, rssMiB, cpuMs };
