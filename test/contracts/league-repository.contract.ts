import { League } from '../../src/leagues/domain/league';
import { LeagueNotEmptyError } from '../../src/leagues/domain/league-errors';
import { LeagueListQuery, LeagueRepository, StaleLeagueError } from '../../src/leagues/domain/league.repository';
import { aLeague } from '../../src/leagues/testing/a-league';
import type { NewLeague } from '../../src/leagues/domain/league';
import type { LeagueStatus } from '../../src/leagues/domain/league-status';
import { everyPage } from './keyset-paging';

/** What the contract needs from an adapter under test. */
export interface LeagueRepositoryHarness {
  /** The repository as one request sees it: each call starts a fresh unit of work (no shared identity map). */
  repository(): LeagueRepository;
  /** An account that may own leagues (a real row where the adapter needs one). */
  newAccount(): Promise<string>;
  /** A tournament of the league's account now references it, as the tournaments module stores one. */
  attachTournament(league: League): Promise<void>;
}

/**
 * The rules every LeagueRepository keeps, run against the in-memory fake (unit)
 * and the MikroORM adapter on real PostgreSQL (e2e), so the fake cannot drift.
 */
export function describeLeagueRepositoryContract(name: string, setup: () => LeagueRepositoryHarness | Promise<LeagueRepositoryHarness>): void {
  describe(`${name}: the league repository contract`, () => {
    let harness: LeagueRepositoryHarness;
    let accountId: string;

    beforeEach(async () => {
      harness = await setup();
      accountId = await harness.newAccount();
    });

    async function stored(fields: Partial<NewLeague> & { status?: LeagueStatus; createdAt?: Date } = {}, owner = accountId): Promise<League> {
      const league = aLeague({ accountId: owner, ...fields });
      await harness.repository().add(league);
      return league;
    }

    const list = (query: Partial<LeagueListQuery> = {}) =>
      harness.repository().list({ accountId, filters: {}, sort: { field: 'created_at', direction: 'asc' }, limit: 100, ...query });

    /** Every row of the query, page by page through `after`. */
    async function pageThrough(query: Partial<LeagueListQuery>, pageSize: number): Promise<string[]> {
      const rows = await everyPage((after, limit) => list({ ...query, after, limit }), pageSize);
      return rows.map((row) => row.league.id);
    }

    describe('findOwned', () => {
      it('returns what was added, field for field, with calendar dates as YYYY-MM-DD and no tournaments yet', async () => {
        const league = await stored({
          name: 'City Chess League',
          description: 'Weekly',
          game: 'Chess',
          season: '2026 Spring',
          status: 'active',
          timezone: 'Europe/Berlin',
          startsOn: '2026-03-01',
          endsOn: '2026-06-30',
          metadata: { ref: 'x-1' },
          placementPoints: [
            { ranks: '1', points: 25 },
            { ranks: '2-3', points: 12.5 },
          ],
          countedResults: 4,
          createdAt: new Date('2026-02-10T08:00:00.123Z'),
        });
        const found = await harness.repository().findOwned(accountId, league.id);
        expect({ ...found }).toEqual({ ...league, tournamentCount: 0 });
        expect(found?.startsOn).toBe('2026-03-01');
        expect(found).toBeInstanceOf(League);
      });

      it("finds nothing for another account's league or an unknown id", async () => {
        const league = await stored();
        const stranger = await harness.newAccount();
        expect(await harness.repository().findOwned(stranger, league.id)).toBeNull();
        expect(await harness.repository().findOwned(accountId, '0190a0b8-0000-7000-8000-000000000000')).toBeNull();
      });
    });

    describe('save', () => {
      it('stores the changes and moves the version on', async () => {
        const league = await stored();
        const repository = harness.repository();
        const read = (await repository.findOwned(accountId, league.id))!;
        read.update({ season: '2026 Fall', endsOn: '2026-12-31', metadata: { a: '1' } });
        await repository.save(read);
        expect(read.version).toBe(2);
        expect(await harness.repository().findOwned(accountId, league.id)).toMatchObject({
          season: '2026 Fall',
          endsOn: '2026-12-31',
          metadata: { a: '1' },
          version: 2,
        });
      });

      it('refuses a write based on a version someone else has replaced (StaleLeagueError), keeping theirs', async () => {
        const league = await stored();
        const [first, second] = [harness.repository(), harness.repository()];
        const mine = (await first.findOwned(accountId, league.id))!;
        const theirs = (await second.findOwned(accountId, league.id))!;
        theirs.update({ name: 'Theirs' });
        await second.save(theirs);
        mine.update({ name: 'Mine' });
        await expect(first.save(mine)).rejects.toThrow(StaleLeagueError);
        expect((await harness.repository().findOwned(accountId, league.id))?.name).toBe('Theirs');
      });
    });

    describe('remove', () => {
      it('deletes the league at the version read', async () => {
        const league = await stored();
        const repository = harness.repository();
        expect(await repository.remove((await repository.findOwned(accountId, league.id))!)).toBe(true);
        expect(await harness.repository().findOwned(accountId, league.id)).toBeNull();
      });

      it('deletes nothing when the league changed since it was read', async () => {
        const league = await stored();
        const [first, second] = [harness.repository(), harness.repository()];
        const stale = (await first.findOwned(accountId, league.id))!;
        const fresh = (await second.findOwned(accountId, league.id))!;
        fresh.update({ name: 'Renamed' });
        await second.save(fresh);
        expect(await first.remove(stale)).toBe(false);
        expect(await harness.repository().findOwned(accountId, league.id)).not.toBeNull();
      });

      it('refuses to delete a league that tournaments reference (LeagueNotEmptyError), even one attached after the read', async () => {
        const league = await stored();
        const repository = harness.repository();
        const read = (await repository.findOwned(accountId, league.id))!;
        expect(read.tournamentCount).toBe(0);
        await harness.attachTournament(league);
        await expect(repository.remove(read)).rejects.toThrow(LeagueNotEmptyError);
        expect(await harness.repository().findOwned(accountId, league.id)).not.toBeNull();
      });
    });

    describe('tournament count', () => {
      it('counts the tournaments referencing each league, on findOwned and in lists', async () => {
        const busy = await stored({ name: 'Busy' });
        const quiet = await stored({ name: 'Quiet' });
        await harness.attachTournament(busy);
        await harness.attachTournament(busy);
        expect((await harness.repository().findOwned(accountId, busy.id))?.tournamentCount).toBe(2);
        expect((await harness.repository().findOwned(accountId, quiet.id))?.tournamentCount).toBe(0);
        const counts = Object.fromEntries((await list()).map(({ league }) => [league.name, league.tournamentCount]));
        expect(counts).toEqual({ Busy: 2, Quiet: 0 });
      });
    });

    it('counts only the account\'s own leagues', async () => {
      const other = await harness.newAccount();
      await stored();
      await stored();
      await stored({}, other);
      expect(await harness.repository().countOwned(accountId)).toBe(2);
      expect(await harness.repository().countOwned(other)).toBe(1);
      expect(await harness.repository().countOwned(await harness.newAccount())).toBe(0);
    });

    describe('list', () => {
      it("lists only the account's own leagues", async () => {
        const mine = await stored();
        await stored({}, await harness.newAccount());
        expect((await list()).map(({ league }) => league.id)).toEqual([mine.id]);
      });

      it('sorts by created_at, breaking ties on id, in both directions', async () => {
        const sameTime = new Date('2026-01-01T00:00:00.000Z');
        const leagues = [
          await stored({ createdAt: new Date('2026-01-02T00:00:00.000Z') }),
          await stored({ createdAt: sameTime }),
          await stored({ createdAt: sameTime }),
          await stored({ createdAt: new Date('2025-12-31T23:59:59.999Z') }),
        ];
        const expected = [...leagues].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((l) => l.id);
        expect(await pageThrough({ sort: { field: 'created_at', direction: 'asc' } }, 100)).toEqual(expected);
        expect(await pageThrough({ sort: { field: 'created_at', direction: 'desc' } }, 100)).toEqual([...expected].reverse());
      });

      it('sorts by starts_on with leagues without a start date last ascending and first descending', async () => {
        const late = await stored({ startsOn: '2026-09-01' });
        const none = await stored({ startsOn: null });
        const early = await stored({ startsOn: '2026-03-01' });
        const sameDayA = await stored({ startsOn: '2026-05-01' });
        const sameDayB = await stored({ startsOn: '2026-05-01' });
        const sameDay = [sameDayA.id, sameDayB.id].sort();
        const ascending = [early.id, ...sameDay, late.id, none.id];
        expect(await pageThrough({ sort: { field: 'starts_on', direction: 'asc' } }, 100)).toEqual(ascending);
        expect(await pageThrough({ sort: { field: 'starts_on', direction: 'desc' } }, 100)).toEqual([...ascending].reverse());
      });

      it('sorts by name ignoring case', async () => {
        const bravo = await stored({ name: 'bravo' });
        const alpha = await stored({ name: 'Alpha' });
        const charlie = await stored({ name: 'CHARLIE' });
        expect(await pageThrough({ sort: { field: 'name', direction: 'asc' } }, 100)).toEqual([alpha.id, bravo.id, charlie.id]);
        expect(await pageThrough({ sort: { field: 'name', direction: 'desc' } }, 100)).toEqual([charlie.id, bravo.id, alpha.id]);
      });

      it.each([
        ['created_at', 'asc'],
        ['created_at', 'desc'],
        ['starts_on', 'asc'],
        ['starts_on', 'desc'],
        ['name', 'asc'],
        ['name', 'desc'],
      ] as const)('pages through every row exactly once, in order, by %s %s', async (field, direction) => {
        const sameTime = new Date('2026-01-01T00:00:00.000Z');
        for (let i = 0; i < 7; i++) {
          await stored({ name: `League ${i % 3}`, startsOn: i % 2 === 0 ? null : `2026-0${1 + (i % 4)}-01`, createdAt: i < 4 ? sameTime : new Date() });
        }
        const sort = { field, direction };
        const all = await pageThrough({ sort }, 100);
        expect(all).toHaveLength(7);
        expect(await pageThrough({ sort }, 2)).toEqual(all);
        expect(await pageThrough({ sort }, 1)).toEqual(all);
      });

      it('filters by status (any of several), game and season ignoring case, and name substring ignoring case', async () => {
        const draft = await stored({ name: 'Winter Open', game: 'Chess', season: '2026 Spring' });
        const active = await stored({ name: 'Summer 100% Cup', status: 'active', game: 'chess', season: '2026 fall' });
        const completed = await stored({ name: 'Blitz_Night', status: 'completed', game: 'Go', season: null });
        const ids = async (filters: LeagueListQuery['filters']) => (await list({ filters })).map(({ league }) => league.id).sort();

        expect(await ids({ status: ['active', 'completed'] })).toEqual([active.id, completed.id].sort());
        expect(await ids({ status: ['archived'] })).toEqual([]);
        expect(await ids({ game: 'CHESS' })).toEqual([draft.id, active.id].sort());
        expect(await ids({ season: '2026 SPRING' })).toEqual([draft.id]);
        expect(await ids({ q: 'OPEN' })).toEqual([draft.id]);
        expect(await ids({ q: '100%' })).toEqual([active.id]);
        expect(await ids({ q: '%' })).toEqual([active.id]);
        expect(await ids({ q: '_' })).toEqual([completed.id]);
        expect(await ids({ game: 'chess', status: ['draft'], q: 'winter' })).toEqual([draft.id]);
      });
    });

    describe('lockForAttachment', () => {
      it("returns the status of the account's own league, and null for another account's or an unknown one", async () => {
        const league = await stored({ status: 'completed' });
        expect(await harness.repository().lockForAttachment(accountId, league.id)).toBe('completed');
        expect(await harness.repository().lockForAttachment(await harness.newAccount(), league.id)).toBeNull();
        expect(await harness.repository().lockForAttachment(accountId, '0190a0b8-0000-7000-8000-000000000000')).toBeNull();
      });
    });
  });
}
