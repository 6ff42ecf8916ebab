import { Migrator } from '@mikro-orm/migrations';
import type { MikroOrmModuleOptions } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/app-config';
import { MIGRATIONS } from './migrations';

/**
 * MikroORM settings for the server, the command line and the tests alike.
 * Migrations are listed in code rather than discovered on disk, so the same
 * list runs from `src/` under jest and from `dist/` in production.
 */
export function mikroOrmOptions(config: AppConfig, logger: Logger): MikroOrmModuleOptions<PostgreSqlDriver> {
  if (!config.databaseUrl) throw new Error('mikroOrmOptions needs a database URL; start the embedded database first.');
  return {
    driver: PostgreSqlDriver,
    clientUrl: config.databaseUrl,
    autoLoadEntities: true,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    registerRequestContext: true,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ensureDatabase: false,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: config.databasePoolSize },
    // Fail fast when the database is gone, so clients get a 503 instead of a hung request.
    driverOptions: {
      acquireConnectionTimeout: 5_000,
      connection: { connectionTimeoutMillis: 3_000 },
      log: knexLog(logger),
    },
    logger: (message) => logger.debug({ component: 'mikro-orm' }, message),
  };
}

/** Knex prints pool and connection trouble with console.log; send it to the JSON log instead. */
function knexLog(logger: Logger) {
  const write = (level: 'warn' | 'error' | 'debug') => (message: unknown) =>
    logger[level]({ component: 'knex' }, typeof message === 'string' ? message : String((message as Error)?.message ?? message));
  return { warn: write('warn'), error: write('error'), deprecate: write('warn'), debug: write('debug') };
}
