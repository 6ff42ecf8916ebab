import { ConflictError, PreconditionFailedError } from '../../kernel/domain-error';

/** What an If-Match asks of the version read: nothing (absent), any existing version (`*`), or a test it must pass. */
export type ExpectedVersion<E> = undefined | 'any' | ((entity: E) => boolean);

/** A repository's answer when the row changed since it was read: another writer got there first. */
export class StaleVersionError extends Error {}

/** Other requests kept changing the resource through every attempt (409 `conflict`). */
export class ConcurrentWritesError extends ConflictError {
  constructor(what: string) {
    super('conflict', `The ${what} is being changed by other requests. Retry.`);
  }
}

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
  expected: ExpectedVersion<E>,
  write: (entity: E) => Promise<T>,
  what: string,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const entity = await load();
    if (typeof expected === 'function' && !expected(entity)) throw new PreconditionFailedError();
    try {
      return await write(entity);
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
      if (typeof expected === 'function') throw new PreconditionFailedError();
      if (attempt >= WRITE_ATTEMPTS) throw new ConcurrentWritesError(what);
    }
  }
}

/** The precondition "the version read is `version`", as a matching If-Match sets it. */
export function versionIs(version: number): (entity: { version: number }) => boolean {
  return (entity) => entity.version === version;
}
