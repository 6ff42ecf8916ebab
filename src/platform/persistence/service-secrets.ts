import { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from './sql';

/**
 * A key the migrations generated for this deployment (cursor and session signing), read from the table the platform
 * owns. Modules ask here by name instead of reading the table themselves. On the pool, outside any identity map
 * (the session store asks from a Fastify hook, where no request context runs).
 */
export async function storedServiceSecret(em: EntityManager, name: string): Promise<string | undefined> {
  const [row] = await queryRows<{ value: unknown }>(em, 'select value from service_secrets where name = ?', [name]);
  return typeof row?.value === 'string' ? row.value : undefined;
}
