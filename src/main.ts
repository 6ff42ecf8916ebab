import 'reflect-metadata';
import { createApp } from './app.factory';
import { AppConfig, ConfigError } from './config/app-config';
import { createLogger } from './shared/logging';
import { withDatabase } from './shared/persistence/database-runtime';

/**
 * The server: `node dist/main.js`. Reads the environment, starts the embedded
 * database when no DATABASE_URL is given, serves HTTP, and on SIGTERM/SIGINT
 * finishes in-flight requests, closes the pool and exits 0.
 */
async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const logger = createLogger(config.logLevel);
  await withDatabase(config, logger, async (databaseConfig, onShutdownSignal) => {
    const app = await createApp(databaseConfig, logger);
    await app.listen({ port: config.port, host: config.host });
    logger.info({ port: config.port, embedded_database: !config.databaseUrl }, 'service listening');
    await onShutdownSignal();
    logger.info('shutting down: finishing in-flight requests');
    await app.close();
  });
  logger.info('shutdown complete');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof ConfigError ? error.message : `Failed to start: ${error instanceof Error ? error.stack : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
