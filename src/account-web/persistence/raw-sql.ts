import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Plain SQL on the pool, outside any identity map: the account pages' tables
 * (sessions, sign-in failures) have no entities, and the session store runs in
 * Fastify hooks, where nothing else needs the request's ORM context (so it is never forked).
 */
export function rawSql(em: EntityManager, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  return em.getConnection().execute(sql, params as never[], 'all');
}
