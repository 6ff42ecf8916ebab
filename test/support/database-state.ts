import { EntityManager } from '@mikro-orm/postgresql';
import { settled } from './settled';
import type { TestApp } from './test-app';

/** Tables whose rows API requests may change; new modules' tables are picked up without listing them. */
const IGNORED_TABLES = new Set(['schema_migrations']);
/** Bookkeeping every authenticated request may touch (a token's last use), not data a request changes. */
const VOLATILE_COLUMN = 'last_used_at';

const statements = new WeakMap<TestApp, Promise<string>>();

/**
 * Row count and a content checksum of every application table, in one query:
 * equal before and after a refused request means the request changed nothing.
 */
export async function databaseState(testApp: TestApp): Promise<Record<string, string>> {
  // Tables are published and events numbered moments after their commit, in the background: the state is read once that is done.
  await settled(testApp);
  const em = testApp.app.get(EntityManager).fork();
  if (!statements.has(testApp)) statements.set(testApp, stateQuery(em));
  const rows = await em.execute<{ name: string; state: string }[]>(await statements.get(testApp)!);
  return Object.fromEntries(rows.map(({ name, state }) => [name, state]));
}

async function stateQuery(em: EntityManager): Promise<string> {
  const tables = await em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return tables
    .map(({ table_name: table }) => table)
    .filter((table) => !IGNORED_TABLES.has(table))
    .map(
      (table) =>
        `select '${table}' as name, count(*) || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '-') as state
           from (select to_jsonb(t) - '${VOLATILE_COLUMN}' as r from "${table}" t) rows`,
    )
    .join(' union all ');
}
