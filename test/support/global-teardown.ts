import { MODULES } from '../../src/modules';
import { buildOpenApiDocument } from '../../src/docs/openapi';
import { runAdminQuery } from './global-setup';
import { checkOpenApiCoverage, COVERAGE_DIR_VARIABLE } from './openapi-coverage';

/**
 * Drops this run's database and stops the embedded server if one was started; then fails the run if a test app
 * answered an operation and status the OpenAPI document does not describe.
 */
export default async function globalTeardown(): Promise<void> {
  const name = process.env.TEST_DATABASE_NAME;
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  try {
    if (name && serverUrl) await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await globalThis.embeddedTestDatabase?.stop();
  } finally {
    const directory = process.env[COVERAGE_DIR_VARIABLE];
    if (directory) checkOpenApiCoverage(directory, buildOpenApiDocument({ version: '0.0.0', rateLimitPerMinute: 60 }, MODULES));
  }
}
