import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { League } from '../src/leagues/domain/league';
import { LeagueNotEmptyError } from '../src/leagues/domain/league-errors';
import { PostgresLeagueRepository } from '../src/leagues/persistence/postgres-league.repository';
import { aLeague } from '../src/leagues/testing/a-league';
import { PostgresLeagueTournamentCounts } from '../src/tournaments/persistence/postgres-league-tournament-counts';
import { describeLeagueRepositoryContract } from './contracts/league-repository.contract';
import { createPremiumAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});

afterAll(() => testApp.close());

const em = () => testApp.app.get(EntityManager);

/** The repository on this entity manager, with the tournament counts the tournaments module gives it (on the same one). */
const leaguesOn = (manager: EntityManager) => new PostgresLeagueRepository(manager, new PostgresLeagueTournamentCounts(manager));

/** A tournaments row referencing the league, written as the tournaments module's table holds it. */
async function insertTournament(league: League, manager: EntityManager = em().fork()): Promise<void> {
  await manager.execute(
    `insert into tournaments (id, account_id, name, format, participant_type, status, timezone, league_id, created_at, updated_at)
     values (?, ?, 'Round 1', 'swiss', 'single', 'draft', 'UTC', ?, now(), now())`,
    [randomUUID(), league.accountId, league.id],
  );
}

describeLeagueRepositoryContract('MikroORM on PostgreSQL', () => ({
  // Each fork is a fresh identity map, like a new request.
  repository: () => leaguesOn(em().fork()),
  newAccount: async () => (await createPremiumAccount(testApp)).id,
  attachTournament: (league) => insertTournament(league),
}));

describe('MikroORM league repository on PostgreSQL: locking for attachment', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise.then(() => true, () => true), sleep(ms).then(() => false)]);

  async function storedLeague(status: 'draft' | 'active' = 'active'): Promise<League> {
    const league = aLeague({ accountId: (await createPremiumAccount(testApp)).id, status });
    await leaguesOn(em().fork()).add(league);
    return league;
  }

  /**
   * Holds the league's attachment lock in a transaction of its own (another request's), runs `write` from outside
   * it while the lock is held, then attaches a tournament and commits. Returns the write, started and not yet settled.
   */
  async function whileAttaching<T>(league: League, write: () => Promise<T>): Promise<{ outcome: Promise<T> }> {
    let locked!: () => void;
    let release!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const attaching = em()
      .fork()
      .transactional(async (tx) => {
        expect(await leaguesOn(tx).lockForAttachment(league.accountId, league.id)).toBe('active');
        locked();
        await released;
        await insertTournament(league, tx);
      });
    await lockHeld;
    const writing = write();
    writing.catch(() => undefined);
    expect(await settledWithin(writing, 300)).toBe(false);
    release();
    await attaching;
    return { outcome: writing };
  }

  it('holds off a delete until the attaching transaction commits, and the delete then finds the league not empty', async () => {
    const league = await storedLeague();
    const deleter = leaguesOn(em().fork());
    const read = (await deleter.findOwned(league.accountId, league.id))!;

    const deleting = await whileAttaching(league, () => deleter.remove(read));

    await expect(deleting.outcome).rejects.toThrow(LeagueNotEmptyError);
    expect((await leaguesOn(em().fork()).findOwned(league.accountId, league.id))?.tournamentCount).toBe(1);
  });

  it('holds off a status change until the attaching transaction commits', async () => {
    const league = await storedLeague();
    const writer = leaguesOn(em().fork());
    const read = (await writer.findOwned(league.accountId, league.id))!;
    read.update({ status: 'completed' });

    await (await whileAttaching(league, () => writer.save(read))).outcome;

    expect(await leaguesOn(em().fork()).findOwned(league.accountId, league.id)).toMatchObject({
      status: 'completed',
      tournamentCount: 1,
    });
  });

  it('refuses, through the foreign key, a tournament naming a league that does not exist', async () => {
    const ghost = aLeague({ accountId: (await createPremiumAccount(testApp)).id });
    await expect(insertTournament(ghost)).rejects.toThrow(/tournaments_league_fk/);
  });

  it('still lets an account be deleted with its leagues and their tournaments (cascade)', async () => {
    const league = await storedLeague();
    await insertTournament(league);
    await em().fork().execute('delete from accounts where id = ?', [league.accountId]);
    const [row] = await em().fork().execute<{ count: number }[]>(
      'select (select count(*) from leagues where id = ?)::int + (select count(*) from tournaments where league_id = ?)::int as count',
      [league.id, league.id],
    );
    expect(row.count).toBe(0);
  });
});
