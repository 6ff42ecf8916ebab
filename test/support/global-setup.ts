import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { COVERAGE_DIR_VARIABLE } from './openapi-coverage';
import { freePorts } from './server-processes';
import { createLogger } from '../../src/platform/logging';
import { EmbeddedDatabase } from '../../src/platform/persistence/embedded-database';

declare global {
  var embeddedTestDatabase: EmbeddedDatabase | undefined;
}

/**
 * Gives this run a fresh database of its own: on the server in DATABASE_URL
 * when set (CI), otherwise on an embedded PostgreSQL under .data/test.
 * Test files read its URL from TEST_DATABASE_URL. Test apps record what they
 * answer in a folder of this run's own, which the global teardown checks
 * against the OpenAPI document.
 */
export default async function globalSetup(): Promise<void> {
  const name = `tlm_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    await runAdminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    process.env.TEST_DATABASE_URL = withDatabaseName(serverUrl, name);
  } else {
    const embedded = await EmbeddedDatabase.start({
      dataDir: join(__dirname, '..', '..', '.data', 'test'),
      // A free port unless one is named: two checkouts can run their tests side by side.
      port: process.env.TEST_EMBEDDED_DB_PORT ? Number(process.env.TEST_EMBEDDED_DB_PORT) : (await freePorts(1))[0],
      databaseName: 'postgres',
      logger: createLogger('warn'),
    });
    globalThis.embeddedTestDatabase = embedded;
    process.env.TEST_DATABASE_URL = await embedded.createDatabase(name);
  }
  process.env.TEST_DATABASE_NAME = name;
  process.env[COVERAGE_DIR_VARIABLE] = join(tmpdir(), `${name}_openapi_coverage`);
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function runAdminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
