'use strict';
// A database of a benchmark's own, created on DATABASE_URL's server (or an embedded PostgreSQL) and dropped at the end.
const { join } = require('node:path');
const { Client } = require('pg');

const root = join(__dirname, '..', '..');

/**
 * Creates `bench_<benchmark>_<now>` on DATABASE_URL's server. Without DATABASE_URL it starts the embedded
 * PostgreSQL when `embedded` ({ dataDir, port }) is given, and fails otherwise. `drop()` removes the database
 * (and stops the embedded server).
 */
async function freshDatabase(benchmark, { embedded } = {}) {
  const name = `bench_${benchmark}_${Date.now()}`;
  let serverUrl = process.env.DATABASE_URL;
  let started;
  if (!serverUrl) {
    if (!embedded) throw new Error(`bench/${benchmark}.js needs DATABASE_URL (a PostgreSQL server to create its database on)`);
    const { EmbeddedDatabase } = require(join(root, 'dist', 'platform', 'persistence', 'embedded-database.js'));
    const logger = require('pino')({ level: 'silent' });
    started = await EmbeddedDatabase.start({ dataDir: embedded.dataDir, port: embedded.port, databaseName: 'postgres', logger });
    serverUrl = started.url;
  }
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      await started?.stop();
    },
  };
}

async function onServer(serverUrl, statement) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

module.exports = { freshDatabase };
