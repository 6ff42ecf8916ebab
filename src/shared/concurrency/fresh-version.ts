import { ConflictError, PreconditionFailedError } from '../domain-error';

/** The version an If-Match names: a number, any existing version (`*`), or none given. */
export type ExpectedVersion = number | 'any' | undefined;

/** A repository's answer when the row changed since it was read: another writer got there first. */
export class StaleVersionError extends Error {}

/** Writes lost to a concurrent writer are retried this often (without If-Match) before giving up. */
export const WRITE_ATTEMPTS = 5;

/**
 * A read-modify-write against the newest version of one resource (spec §8).
 * With If-Match, the version read must be the one named and losing a race is a 412,
 * so of N writers with the same If-Match exactly one wins. Without it, a lost race
 * re-reads and re-applies the write, so no update is lost or half-applied.
 * `write` signals a lost race by throwing a StaleVersionError.
 */
export async function withFreshVersion<E extends { version: number }, T>(
  load: () => Promise<E>,
  expected: ExpectedVersion,
  write: (entity: E) => Promise<T>,
  what: string,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const entity = await load();
    if (typeof expected === 'number' && entity.version !== expected) throw new PreconditionFailedError();
    try {
      return await write(entity);
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
      if (typeof expected === 'number') throw new PreconditionFailedError();
      if (attempt >= WRITE_ATTEMPTS) throw new ConflictError('conflict', `The ${what} is being changed by other requests. Retry.`);
    }
  }
}
