'use strict';
// What the benchmark scripts share: waiting for a server to be ready, and running the admin command line.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');

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
  return execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), ...cliArgs], { env, encoding: 'utf8' });
}

module.exports = { pollReady, runCli };
