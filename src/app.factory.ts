import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { createHttpAdapter } from './shared/http/http-server';
import { RouteTable } from './shared/http/route-table';
import { createLogger, NestPinoLogger } from './shared/logging';
import { migrateDatabase } from './shared/persistence/migrate';

/**
 * Builds the whole application (server, tests and benchmarks use this one
 * path), applies pending migrations when configured to, and initialises it
 * without listening.
 */
export async function createApp(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<NestFastifyApplication> {
  const routes = new RouteTable();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, routes, logger),
    createHttpAdapter({ logger, trustProxy: config.trustProxy, routes }),
    { bodyParser: false, logger: new NestPinoLogger(logger), abortOnError: false },
  );
  if (config.runMigrationsOnStart) await migrateDatabase(app.get(MikroORM));
  await app.init();
  return app;
}
