import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '../src/config/app-config';
import { participantNameKey } from '../src/participants/domain/participant-name';
import { createLogger } from '../src/platform/logging';
import { mikroOrmOptions } from '../src/platform/persistence/mikro-orm.options';
import { MIGRATIONS } from '../src/migrations';
import { runAdminQuery, withDatabaseName } from './support/global-setup';

/**
 * Migration 20261125120100 stores participantNameKey for the participants already registered, on a database of its
 * own migrated up to just before it: names that clash only under the new rules are both kept, and the unique index
 * holds for every write after it.
 */
describe('participant name keys (migration of existing rows)', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `tlm_names_${randomUUID().slice(0, 8)}`;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, values);
  const account = randomUUID();
  const [small, large] = [randomUUID(), randomUUID()];
  /** More rows than one page of the migration's backfill, so a clash across pages is seen too. */
  const LARGE = 5_003;

  const keysOf = async (tournamentId: string) =>
    sql<{ name: string; name_key: string }>('select name, name_key from participants where tournament_id = ? order by registration_number', [tournamentId]);

  beforeAll(async () => {
    await runAdminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const config = AppConfig.fromEnvironment({ DATABASE_URL: withDatabaseName(serverUrl, name) });
    orm = await MikroORM.init(mikroOrmOptions(config, createLogger('silent'), MIGRATIONS) as never);
    await orm.getMigrator().up({ to: '20261122000500-stored-participant-count' });
    await sql(`insert into accounts (id, email, plan, created_at, updated_at) values (?, ?, 'premium', now(), now())`, [account, `${account}@example.com`]);
    for (const id of [small, large]) {
      await sql(
        `insert into tournaments (id, account_id, name, format, participant_type, status, timezone, metadata, created_at, updated_at)
         values (?, ?, ?, 'swiss', 'single', 'draft', 'UTC', '{}', now(), now())`,
        [id, account, `Cup ${id}`],
      );
    }
    const add = (tournamentId: string, names: string[]) =>
      sql(
        `insert into participants (account_id, id, tournament_id, name, created_at, updated_at)
         select ?, gen_random_uuid(), ?, n, now(), now() from jsonb_array_elements_text(?::jsonb) with ordinality as t(n, i) order by i`,
        [account, tournamentId, JSON.stringify(names)],
      );
    // Allowed by lower(name), one name under the new rules: Straße/STRASSE, Ａｎａ/Ana, A\u200bna/Ana.
    await add(small, ['Straße', 'Ａｎａ', 'Bob', 'STRASSE', 'A\u200bna', 'Ana']);
    await add(large, [...Array.from({ length: LARGE - 1 }, (_, index) => `p${index + 1}`), 'P１']);
    await orm.getMigrator().up();
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('keys every existing name as the application does, keeping the later of two clashing names under a key of its own', async () => {
    const rows = await keysOf(small);
    expect(rows.map((row) => row.name)).toEqual(['Straße', 'Ａｎａ', 'Bob', 'STRASSE', 'A\u200bna', 'Ana']);
    expect(rows.slice(0, 3).map((row) => row.name_key)).toEqual(['strasse', 'ana', 'bob']);
    for (const later of rows.slice(3)) expect(later.name_key).toMatch(new RegExp(`^${participantNameKey(later.name)}\u200b[0-9a-f-]{36}$`));
  });

  it('sees a clash across pages of the backfill', async () => {
    const rows = await keysOf(large);
    expect(rows).toHaveLength(LARGE);
    expect(rows[0].name_key).toBe('p1');
    expect(rows[LARGE - 1].name_key).toMatch(/^p1\u200b/);
    expect(new Set(rows.map((row) => row.name_key)).size).toBe(LARGE);
  });

  it('refuses a new name whose key is taken, by the unique index the adapter reports as participant_name_taken', async () => {
    const insert = (key: string) =>
      sql(
        `insert into participants (account_id, id, tournament_id, name, name_key, created_at, updated_at) values (?, gen_random_uuid(), ?, ?, ?, now(), now())`,
        [account, small, key, key],
      );
    await expect(insert('bob')).rejects.toThrow(/participants_name_key/);
    await insert('cy');
    expect((await keysOf(small)).map((row) => row.name_key)).toContain('cy');
  });
});
