import 'reflect-metadata';
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { createApp } from './app.factory';
import { AppConfig, ConfigError } from './config/app-config';
import { AppMetrics } from './metrics';
import { startMetricsServer, stopMetricsServer } from './metrics';
import { createLogger } from './platform/logging';
import { withDatabase } from './platform/persistence/database-runtime';

/**
 * Grow the JavaScript heap by 60% past what survives a full collection, not by V8's default factor (up to 4× on
 * a small heap): a request leaves short-lived garbage only, and the default let the server's RSS settle far above
 * its live data under load. The trade (a little more CPU for a much smaller RSS) is measured in
 * docs/performance.md. V8 reads the flag at every collection.
 */
setFlagsFromString('--heap-growing-percent=60');

/**
 * No allocation-site pretenuring. Under load V8 decided that the objects a list page is built from (the driver's
 * rows, entities) live long and allocated them straight in the old generation, where each held its young strings
 * until the next full collection, so the old generation filled (and was marked and compacted) far more often.
 * Whether V8 made that decision depended on what the process had served before. Figures: docs/performance.md.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

/**
 * The server: `node dist/main.js`. Reads the environment, starts the embedded
 * database when no DATABASE_URL is given, serves HTTP (and /metrics on
 * METRICS_PORT when set), and on SIGTERM/SIGINT finishes in-flight requests,
 * closes the pool and exits 0.
 */
async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment();
  const logger = createLogger(config.logLevel, 1, config.logFormat, true);
  await withDatabase(config, logger, async (databaseConfig, onShutdownSignal) => {
    const app = await createApp(databaseConfig, logger);
    await app.listen({ port: config.port, host: config.host });
    const metrics = config.metricsPort === undefined ? undefined : await startMetricsServer(app.get(AppMetrics), config.metricsPort, config.metricsHost);
    if (metrics) logger.info({ port: metrics.port, host: config.metricsHost }, `metrics at http://${displayHost(config.metricsHost)}:${metrics.port}/metrics`);
    const { port } = app.getHttpServer().address() as AddressInfo;
    const base = `http://${displayHost(config.host)}:${port}`;
    // The last start-up line: where to go next.
    logger.info(
      { port, embedded_database: !config.databaseUrl, url: base },
      `ready: ${base} (API documentation ${base}/docs, sign-up page ${base}/account/signup)`,
    );
    await onShutdownSignal();
    logger.info('shutting down: finishing in-flight requests');
    if (metrics) await stopMetricsServer(metrics.server);
    await closeWithin(app, config.shutdownTimeoutMs, logger);
  });
  logger.info('shutdown complete');
  logger.flush();
}

/**
 * Finishes in-flight requests, but no longer than SHUTDOWN_TIMEOUT_MS: then the
 * connections still open are cut, so the pool and the database close in time.
 */
async function closeWithin(app: NestFastifyApplication, timeoutMs: number, logger: Logger): Promise<void> {
  const deadline = setTimeout(() => {
    logger.warn({ timeout_ms: timeoutMs }, 'requests still running at the shutdown timeout; closing their connections');
    (app.getHttpServer() as Server).closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

/** An address a person can paste into a browser: a wildcard bind is reachable as localhost. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof ConfigError ? error.message : `Failed to start: ${error instanceof Error ? error.stack : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  },
);
