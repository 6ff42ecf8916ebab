import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config';
import { EmbeddedDatabase } from './embedded-database';

export const EMBEDDED_DATABASE_NAME = 'tournaments';

/**
 * Runs `body` with a configuration that names a reachable database: the one in
 * DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, started for the
 * duration and stopped only once `body` has finished (the app's pool closed).
 * `shutdownSignal` settles on the first SIGTERM or SIGINT.
 */
export async function withDatabase<T>(
  config: AppConfig,
  logger: Logger,
  body: (config: AppConfig, shutdownSignal: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const shutdownSignal = onceShutdownRequested(config, logger);
  if (config.databaseUrl) return body(config, shutdownSignal);

  const embedded = await EmbeddedDatabase.start({
    dataDir: config.dataDir,
    port: config.embeddedDatabasePort,
    databaseName: EMBEDDED_DATABASE_NAME,
    logger,
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  embedded.stopOnlyAfter(released, config.shutdownTimeoutMs);
  try {
    return await body(config.with({ databaseUrl: embedded.url }), shutdownSignal);
  } finally {
    release();
    await embedded.stop();
  }
}

function onceShutdownRequested(config: AppConfig, logger: Logger): () => Promise<void> {
  const requested = new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutdown requested');
      // Bound the wait for in-flight requests: a stuck one must not keep the process alive forever.
      setTimeout(() => {
        logger.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs + 5_000).unref();
      resolve();
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  });
  return () => requested;
}
