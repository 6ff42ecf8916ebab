import type { MigrationObject } from '@mikro-orm/core';

/**
 * The modules' migrations as one list, oldest first: their names start with a UTC timestamp, so sorting by
 * name is sorting by time. The names are what schema_migrations records; two modules claiming one name would
 * make one of them never run, so that throws.
 */
export function inTimestampOrder(lists: MigrationObject[][]): MigrationObject[] {
  const all = lists.flat();
  const seen = new Set<string>();
  for (const { name } of all) {
    if (!/^\d{14}-[a-z0-9-]+$/.test(name)) throw new Error(`Migration name ${name} does not start with a timestamp (yyyymmddhhmmss-what-it-does)`);
    if (seen.has(name)) throw new Error(`Two migrations are named ${name}`);
    seen.add(name);
  }
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
