#!/usr/bin/env node
// Reads `docker-compose config` (the resolved compose file) on stdin and exits 1 unless the api service's memory
// limit holds the process and its worker threads: docs/operations.md ("Sizing a replica") reserves 320 MiB for the
// process and about 150 MiB for each worker thread (WORK_THREADS), which a start of the largest fields uses.
'use strict';
const { load } = require('js-yaml');

const PROCESS_MIB = 320;
const PER_THREAD_MIB = 150;

/** Compose's byte values: a number of bytes, or digits with b, k, m or g (optionally followed by b). */
function mebibytes(value) {
  const match = /^(\d+(?:\.\d+)?)\s*([bkmg]?)b?$/i.exec(String(value).trim());
  if (!match) return undefined;
  const factor = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2].toLowerCase()];
  return (Number(match[1]) * factor) / 1024 ** 2;
}

function check(compose) {
  const api = compose && compose.services && compose.services.api;
  if (!api) return 'docker-compose.yml has no api service';
  const limit = mebibytes(api.mem_limit ?? api.deploy?.resources?.limits?.memory);
  if (limit === undefined) return `the api service has no memory limit it can read (mem_limit: ${api.mem_limit})`;
  const threads = Number(api.environment?.WORK_THREADS);
  // Unset, the server starts one thread per core of the host but one (1–4), which the file cannot know.
  if (!Number.isInteger(threads) || threads < 1) return `the api service must set WORK_THREADS to a whole number of at least 1 (it is ${api.environment?.WORK_THREADS ?? 'unset'})`;
  const needed = PROCESS_MIB + threads * PER_THREAD_MIB;
  if (limit < needed) {
    return (
      `the api service's memory limit (${limit} MiB) cannot hold ${threads} worker thread(s): ` +
      `${PROCESS_MIB} MiB + ${threads} × ${PER_THREAD_MIB} MiB = ${needed} MiB. Raise API_MEMORY_LIMIT or lower WORK_THREADS.`
    );
  }
  return { limit, threads, needed };
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const result = check(load(input));
  if (typeof result === 'string') {
    console.error(result);
    process.exit(1);
  }
  console.log(`the api's memory limit (${result.limit} MiB) holds ${result.threads} worker thread(s) (${result.needed} MiB needed)`);
});
