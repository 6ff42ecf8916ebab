import { runAdminQuery } from './global-setup';

/** Drops this run's database and stops the embedded server if one was started. */
export default async function globalTeardown(): Promise<void> {
  const name = process.env.TEST_DATABASE_NAME;
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (name && serverUrl) await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await globalThis.embeddedTestDatabase?.stop();
}
