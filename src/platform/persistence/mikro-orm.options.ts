import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroOrmModuleOptions } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config';
import { TransactionFailureSubscriber } from './transaction-failure.subscriber';
import { poolHygiene } from './pool-hygiene';

/**
 * MikroORM settings for the server, the command line and the tests alike.
 * Migrations are listed in code rather than discovered on disk, so the same
 * list runs from `src/` under jest and from `dist/` in production; the caller
 * passes them (src/migrations.ts collects every module's).
 */
export function mikroOrmOptions(config: AppConfig, logger: Logger, migrations: MigrationObject[]): MikroOrmModuleOptions<PostgreSqlDriver> {
  if (!config.databaseUrl) throw new Error('mikroOrmOptions needs a database URL; start the embedded database first.');
  return {
    driver: PostgreSqlDriver,
    clientUrl: config.databaseUrl,
    autoLoadEntities: true,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    // The server forks the request context in a Fastify hook (forkContextPerRequest), not a Nest middleware.
    registerRequestContext: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    subscribers: [new TransactionFailureSubscriber()],
    ensureDatabase: false,
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: config.databasePoolSize, ...poolHygiene },
    // Fail fast when the database is gone or hung, so clients get a 503 instead of a hung request.
    driverOptions: {
      // A request waits for a connection, then for one statement (BEGIN when it writes): the wait is cut short
      // by a margin, so that a hung database answers within 2 × DATABASE_TIMEOUT_MS, the answer itself included.
      acquireConnectionTimeout: config.databaseTimeoutMs - Math.min(250, config.databaseTimeoutMs / 4),
      connection: databaseTimeouts(config.databaseTimeoutMs),
      log: knexLog(logger),
      // knex adds a failed query's SQL to the error: with placeholders, not the bound values (emails, password
      // hashes, customers' names). What is logged is trimmed further by loggableError().
      compileSqlOnError: false,
    },
    logger: (message) => logger.debug({ component: 'mikro-orm' }, message),
  };
}

/**
 * Every step bounded by one budget: connecting, each statement (on the client,
 * which also fires when the server is hung and cannot cancel anything, and on
 * the server), and a transaction left idle by a client that went away. A
 * timed-out connection is discarded rather than reused (poolHygiene), also once
 * the server has answered it late: once the database answers again, fresh
 * connections serve requests without a restart.
 */
export function databaseTimeouts(timeoutMs: number) {
  return {
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 5,
    keepAlive: true,
  };
}

/** Knex prints pool and connection trouble with console.log; send it to the JSON log instead. */
function knexLog(logger: Logger) {
  const write = (level: 'warn' | 'error' | 'debug') => (message: unknown) =>
    logger[level]({ component: 'knex' }, typeof message === 'string' ? message : String((message as Error)?.message ?? message));
  return { warn: write('warn'), error: write('error'), deprecate: write('warn'), debug: write('debug') };
}
