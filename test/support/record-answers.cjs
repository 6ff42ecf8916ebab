// Preloaded (`node --require`) into the built servers the e2e tests start: records each (method, route template,
// status) the server answers, like the in-process test app (openapi-coverage.ts), for the run's contract check.
'use strict';
const { subscribe } = require('node:diagnostics_channel');
const { appendFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const directory = process.env.TEST_OPENAPI_COVERAGE_DIR;
if (directory) {
  const file = join(directory, `server-${process.pid}.jsonl`);
  const seen = new Set();
  // Fastify announces each instance it creates on this channel, before any route is added.
  subscribe('fastify.initialization', ({ fastify }) => {
    mkdirSync(directory, { recursive: true });
    fastify.addHook('onResponse', (request, reply, done) => {
      const template = request.routeOptions.url;
      if (template !== undefined) {
        const path = template.replace(/\/:([^/]+)/g, '/{$1}').replace(/(.)\/$/, '$1');
        const key = JSON.stringify({ method: request.method, path, status: reply.statusCode });
        if (!seen.has(key)) {
          seen.add(key);
          appendFileSync(file, `${key}\n`);
        }
      }
      done();
    });
  });
}
