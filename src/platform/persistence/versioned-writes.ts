import { EntityManager, EntitySchema, OptimisticLockError } from '@mikro-orm/postgresql';
import { StaleVersionError } from '../concurrency/fresh-version';

/**
 * Flushes a changed entity; MikroORM adds `where version = ?` and bumps it. When another writer got there
 * first, the identity map holds a version nobody has any more: it is cleared and `stale()` is thrown.
 */
export async function saveVersioned(em: EntityManager, entity: object, stale: () => StaleVersionError): Promise<void> {
  try {
    await em.persistAndFlush(entity);
  } catch (error) {
    if (!(error instanceof OptimisticLockError)) throw error;
    em.clear();
    throw stale();
  }
}

/** Deletes the account's row if it is still at the version read; false when it changed or vanished meanwhile. */
export async function deleteVersioned<E extends { id: string; accountId: string; version: number }>(
  em: EntityManager,
  schema: EntitySchema<E>,
  entity: E,
): Promise<boolean> {
  const deleted = await em.nativeDelete(schema, { id: entity.id, accountId: entity.accountId, version: entity.version } as never);
  if (deleted === 0) em.clear();
  else em.getUnitOfWork().unsetIdentity(entity);
  return deleted > 0;
}
