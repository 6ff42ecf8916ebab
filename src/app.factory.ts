import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { registerAccountWebPlugins } from './account-web';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { AppMetrics } from './metrics';
import { countRequests } from './metrics';
import { registerCompression } from './platform/http/compression';
import { allowApiOrigins } from './platform/http/cors';
import { createHttpAdapter } from './platform/http/http-server';
import { FrameworkRefusals } from './platform/http/framework-refusals';
import { ProblemFilter } from './platform/http/problem.filter';
import { RouteTable } from './platform/http/route-table';
import { createLogger, NestPinoLogger } from './platform/logging';
import { migrateDatabase } from './platform/persistence/migrate';
import { forkContextPerRequest } from './platform/persistence/request-context-hook';

/**
 * Builds the whole application (server, tests and benchmarks use this one
 * path), applies pending migrations when configured to, and initialises it
 * without listening.
 */
export async function createApp(config: AppConfig, logger: Logger = createLogger(config.logLevel, 1, config.logFormat)): Promise<NestFastifyApplication> {
  const routes = new RouteTable();
  const refusals = new FrameworkRefusals();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, routes, logger),
    createHttpAdapter({ logger, trustProxy: config.trustProxy, routes, refusals }),
    { bodyParser: false, logger: new NestPinoLogger(logger), abortOnError: false },
  );
  refusals.exitThrough(app.get(ProblemFilter));
  forkContextPerRequest(app.getHttpAdapter().getInstance(), app.get(MikroORM));
  // Without a metrics endpoint nobody reads the request metrics: skip their (small) cost per request.
  if (config.metricsPort !== undefined) countRequests(app.getHttpAdapter().getInstance(), app.get(AppMetrics));
  if (config.runMigrationsOnStart) await migrateDatabase(app.get(MikroORM));
  allowApiOrigins(app.getHttpAdapter().getInstance(), config.corsOrigins);
  await registerCompression(app);
  await registerAccountWebPlugins(app, config);
  await app.init();
  return app;
}
