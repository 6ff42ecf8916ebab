import type { MikroORM } from '@mikro-orm/postgresql';

/** Any fixed number: every instance of this service agrees on it. */
const MIGRATION_LOCK_KEY = 7_316_220_431;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so that several
 * instances starting together (docker-compose scale, two test servers) run
 * them once instead of racing. Returns the names it applied.
 */
export async function migrateDatabase(orm: MikroORM): Promise<string[]> {
  const knex = orm.em.getKnex();
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await orm.getMigrator().up();
      return applied.map((migration) => migration.name);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
