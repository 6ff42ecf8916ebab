import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '../src/config/app-config';
import { createLogger } from '../src/platform/logging';
import { mikroOrmOptions } from '../src/platform/persistence/mikro-orm.options';
import { MIGRATIONS } from '../src/migrations';
import { runAdminQuery, withDatabaseName } from './support/global-setup';

/**
 * tournaments.participant_count is kept by triggers (migration 20261122000500): checked here in SQL, on a database
 * of its own, migrated up to just before that migration so that its backfill of existing rows is checked too.
 */
describe('stored participant_count', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `tlm_count_${randomUUID().slice(0, 8)}`;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => orm.em.getConnection().execute<T[]>(text, values);
  const counts = async () =>
    Object.fromEntries(
      (await sql<{ id: string; participant_count: number }>('select id, participant_count from tournaments order by id')).map((row) => [row.id, row.participant_count]),
    );

  const account = randomUUID();
  const [first, second, empty] = [randomUUID(), randomUUID(), randomUUID()].sort();
  const addTournament = (id: string) =>
    sql(
      `insert into tournaments (id, account_id, name, format, participant_type, status, timezone, metadata, created_at, updated_at)
       values (?, ?, ?, 'swiss', 'single', 'draft', 'UTC', '{}', now(), now())`,
      [id, account, `Cup ${id}`],
    );
  let nameKey = false;
  const addParticipants = (tournamentId: string, names: string[]) =>
    sql(
      // name_key (migration 20261125120100) is the application's participantNameKey: lower() is that for these names.
      `insert into participants (account_id, id, tournament_id, name, created_at, updated_at${nameKey ? ', name_key' : ''})
       select ?, gen_random_uuid(), ?, n, now(), now()${nameKey ? ', lower(n)' : ''} from jsonb_array_elements_text(?::jsonb) as n`,
      [account, tournamentId, JSON.stringify(names)],
    );

  beforeAll(async () => {
    await runAdminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    const config = AppConfig.fromEnvironment({ DATABASE_URL: withDatabaseName(serverUrl, name) });
    orm = await MikroORM.init(mikroOrmOptions(config, createLogger('silent'), MIGRATIONS) as never);
    await orm.getMigrator().up({ to: '20261122000400-matches' });
    await sql(`insert into accounts (id, email, plan, created_at, updated_at) values (?, ?, 'premium', now(), now())`, [account, `${account}@example.com`]);
    for (const id of [first, second, empty]) await addTournament(id);
    await addParticipants(first, ['a', 'b', 'c']);
    await addParticipants(second, ['a']);
    await orm.getMigrator().up();
    nameKey = true;
  });

  afterAll(async () => {
    await orm?.close();
    await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('is backfilled from the participants already registered', async () => {
    expect(await counts()).toEqual({ [first]: 3, [second]: 1, [empty]: 0 });
  });

  it('follows a batch insert and deletes, per tournament, in one statement each', async () => {
    await addParticipants(empty, ['x', 'y', 'z', 'w']);
    await sql(`delete from participants where account_id = ? and (tournament_id = ? and name in ('x', 'y') or tournament_id = ?)`, [account, empty, first]);
    expect(await counts()).toEqual({ [first]: 0, [second]: 1, [empty]: 2 });
  });

  it('is untouched by a statement that fails, and by deleting the tournament or the account (cascades)', async () => {
    await expect(addParticipants(second, ['new', 'A'])).rejects.toThrow(/participants_name_key/);
    expect((await counts())[second]).toBe(1);
    await sql('delete from tournaments where id = ?', [empty]);
    expect(await counts()).toEqual({ [first]: 0, [second]: 1 });
    await sql('delete from accounts where id = ?', [account]);
    expect(await counts()).toEqual({});
  });
});
