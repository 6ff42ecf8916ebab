import { EntityManager } from '@mikro-orm/postgresql';
import { isDatabaseUnavailable } from '../../src/platform/persistence/database-errors';
import { startTestApp } from '../support/test-app';

/** DATABASE_TIMEOUT_MS reaches every pooled connection, so the server side bounds statements and idle transactions too. */
describe('database timeouts', () => {
  it('sets statement_timeout and idle_in_transaction_session_timeout on the pool connections', async () => {
    const testApp = await startTestApp({ databaseTimeoutMs: 1_500 });
    try {
      const em = testApp.app.get(EntityManager).fork();
      const [row] = await em.execute<{ statement: string; idle: string }[]>(
        `select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(row).toEqual({ statement: '1500ms', idle: '7500ms' });
      // A statement that runs longer is cancelled and reported as the database being unavailable (503).
      const started = Date.now();
      const failure = await em.execute('select pg_sleep(3)').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await testApp.close();
    }
  });
});
