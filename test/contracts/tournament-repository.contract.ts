import { randomUUID } from 'node:crypto';
import { NewEvent } from '../../src/events/domain/event-log';
import { StaleTournamentError, TournamentListQuery, TournamentRepository } from '../../src/tournaments/domain/tournament.repository';
import { aTournament } from '../../src/tournaments/testing/a-tournament';
import { Tournament } from '../../src/tournaments/domain/tournament';
import { everyPage } from './keyset-paging';

export interface ContractSubject {
  repository: TournamentRepository;
  /** Two accounts the repository may store rows for. */
  accountIds: [string, string];
  /** Forget anything cached between operations, as a new request would. */
  freshRepository(): TournamentRepository;
  /** The events recorded for the tournament so far, oldest first, as type and data. */
  eventsOf(accountId: string, tournamentId: string): Promise<{ type: string; data: unknown }[]>;
}

/** The event a test's write records: its type and the tournament's name and version as written. */
function eventOf(type: 'tournament.created' | 'tournament.updated' | 'tournament.deleted', tournament: Tournament): NewEvent {
  return { accountId: tournament.accountId, type, tournamentId: tournament.id, data: { name: tournament.name, version: tournament.version } };
}

const updated = (saved: Tournament) => eventOf('tournament.updated', saved);

/**
 * One contract for every TournamentRepository adapter: the in-memory fake used
 * by service tests and the MikroORM adapter on PostgreSQL run the same cases.
 */
export function describeTournamentRepositoryContract(adapter: string, setup: () => Promise<ContractSubject>): void {
  describe(`TournamentRepository contract: ${adapter}`, () => {
    let subject: ContractSubject;
    let mine: string;
    let theirs: string;

    beforeEach(async () => {
      subject = await setup();
      [mine, theirs] = subject.accountIds;
    });

    async function stored(overrides: Parameters<typeof aTournament>[0] = {}): Promise<Tournament> {
      const tournament = aTournament({ accountId: mine, ...overrides });
      await subject.repository.add(tournament, eventOf('tournament.created', tournament));
      return tournament;
    }

    it('finds a tournament only for its own account', async () => {
      const tournament = await stored({ name: 'Mine' });
      const repository = subject.freshRepository();
      expect((await repository.findOwned(mine, tournament.id))?.name).toBe('Mine');
      expect(await repository.findOwned(theirs, tournament.id)).toBeNull();
      expect(await repository.findOwned(mine, randomUUID())).toBeNull();
    });

    it('finds an unlisted tournament by its share id, whoever owns it; a private one, a replaced id or an unknown one is nothing', async () => {
      const shared = await stored({ name: 'Shared', visibility: 'unlisted' });
      await stored({ name: 'Private' });
      const repository = subject.freshRepository();
      const found = await repository.findShared(shared.shareId!);
      expect({ id: found?.id, visibility: found?.visibility, shareId: found?.shareId }).toEqual({ id: shared.id, visibility: 'unlisted', shareId: shared.shareId });

      const oldShareId = shared.shareId!;
      const current = (await repository.findOwned(mine, shared.id))!;
      current.rotateShareId();
      await repository.save(current, updated);
      expect(await subject.freshRepository().findShared(oldShareId)).toBeNull();
      expect((await subject.freshRepository().findShared(current.shareId!))?.id).toBe(shared.id);
      expect(await subject.freshRepository().findShared('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    });

    it('round-trips every field', async () => {
      const tournament = await stored({
        description: 'd',
        game: 'Chess',
        format: 'swiss',
        participantType: 'team',
        maxParticipants: 64,
        timezone: 'Europe/Paris',
        startsAt: new Date('2026-05-01T18:00:00.123Z'),
        endsAt: new Date('2026-05-02T18:00:00.000Z'),
        metadata: { ref: 'abc' },
        points: { win: 2, draw: 0.5, loss: 0 },
        tiebreakers: ['buchholz_cut1', 'head_to_head_points', 'seed'],
        legs: 1,
        weight: 2.5,
      });
      const found = await subject.freshRepository().findOwned(mine, tournament.id);
      expect({ ...found }).toEqual({ ...tournament });
    });

    /** Changes the stored row through another "request", as a concurrent writer would. */
    async function changeMeanwhile(tournament: Tournament, name: string): Promise<void> {
      const repository = subject.freshRepository();
      const loaded = (await repository.findOwned(tournament.accountId, tournament.id))!;
      loaded.update({ name });
      await repository.save(loaded, updated);
    }

    it('saves a change and bumps the version; a stale copy is refused', async () => {
      const tournament = await stored();
      const staleRepository = subject.freshRepository();
      const stale = (await staleRepository.findOwned(mine, tournament.id))!;
      await changeMeanwhile(tournament, 'First');
      stale.update({ name: 'Second' });
      await expect(staleRepository.save(stale, updated)).rejects.toBeInstanceOf(StaleTournamentError);
      expect(stale.version).toBe(tournament.version);
      const current = (await subject.freshRepository().findOwned(mine, tournament.id))!;
      expect(current).toMatchObject({ name: 'First', version: tournament.version + 1 });
      // The refused write recorded nothing; each write that happened recorded its event, the version as saved.
      expect(await subject.eventsOf(mine, tournament.id)).toEqual([
        { type: 'tournament.created', data: { name: tournament.name, version: tournament.version } },
        { type: 'tournament.updated', data: { name: 'First', version: tournament.version + 1 } },
      ]);
    });

    it('removes only the version it read', async () => {
      const tournament = await stored();
      const staleRepository = subject.freshRepository();
      const stale = (await staleRepository.findOwned(mine, tournament.id))!;
      await changeMeanwhile(tournament, 'Changed meanwhile');
      expect(await staleRepository.remove(stale, eventOf('tournament.deleted', stale))).toBe(false);
      const fresh = subject.freshRepository();
      const current = (await fresh.findOwned(mine, tournament.id))!;
      expect(await fresh.remove(current, eventOf('tournament.deleted', current))).toBe(true);
      expect(await subject.freshRepository().findOwned(mine, tournament.id)).toBeNull();
      expect((await subject.eventsOf(mine, tournament.id)).map((event) => event.type)).toEqual(['tournament.created', 'tournament.updated', 'tournament.deleted']);
    });

    it('counts only the account\'s own tournaments', async () => {
      const [mineBefore, theirsBefore] = [await subject.repository.countOwned(mine), await subject.repository.countOwned(theirs)];
      await stored();
      await stored();
      const theirTournament = aTournament({ accountId: theirs });
      await subject.repository.add(theirTournament, eventOf('tournament.created', theirTournament));
      const repository = subject.freshRepository();
      expect(await repository.countOwned(mine)).toBe(mineBefore + 2);
      expect(await repository.countOwned(theirs)).toBe(theirsBefore + 1);
    });

    describe('list', () => {
      const base = new Date('2026-01-01T00:00:00.000Z').getTime();
      let rows: Tournament[];

      beforeEach(async () => {
        const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo', 'alpha cup'];
        rows = [];
        for (const [index, name] of names.entries()) {
          rows.push(
            await stored({
              name,
              createdAt: new Date(base + (index % 3) * 1000),
              startsAt: index % 2 === 0 ? new Date(base + index * 86_400_000) : null,
              format: index < 3 ? 'swiss' : 'round_robin',
              game: index % 2 === 0 ? 'Chess' : 'Go',
              status: index === 5 ? 'in_progress' : 'draft',
            }),
          );
        }
        const theirTournament = aTournament({ accountId: theirs, name: 'alpha of another account' });
        await subject.repository.add(theirTournament, eventOf('tournament.created', theirTournament));
      });

      async function all(query: Partial<TournamentListQuery>, pageSize = 2): Promise<string[]> {
        const fetchPage = (after: TournamentListQuery['after'], limit: number) =>
          subject.freshRepository().list({ accountId: mine, filters: {}, sort: { field: 'created_at', direction: 'desc' }, limit, ...query, after });
        return (await everyPage(fetchPage, pageSize)).map((row) => row.tournament.name);
      }

      it('pages through every row once, in created_at order with ties broken by id', async () => {
        const expected = [...rows]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))
          .map((row) => row.name);
        expect(await all({})).toEqual(expected);
        expect(await all({ sort: { field: 'created_at', direction: 'asc' } })).toEqual([...expected].reverse());
      });

      it('sorts by name case-insensitively', async () => {
        expect(await all({ sort: { field: 'name', direction: 'asc' } })).toEqual(['Alpha', 'alpha cup', 'bravo', 'charlie', 'delta', 'echo']);
        expect(await all({ sort: { field: 'name', direction: 'desc' } }, 4)).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha cup', 'Alpha']);
      });

      it('sorts by start with unscheduled tournaments last ascending, first descending', async () => {
        const ascending = await all({ sort: { field: 'starts_at', direction: 'asc' } });
        expect(ascending.slice(0, 3)).toEqual(['delta', 'charlie', 'echo']);
        expect(ascending.slice(3).sort()).toEqual(['Alpha', 'alpha cup', 'bravo']);
        const descending = await all({ sort: { field: 'starts_at', direction: 'desc' } });
        expect(descending.slice(3)).toEqual(['echo', 'charlie', 'delta']);
      });

      it('filters by status, format, game, name substring and start range', async () => {
        const names = async (filters: TournamentListQuery['filters']) => (await all({ filters })).sort();
        expect(await names({ status: ['in_progress'] })).toEqual(['alpha cup']);
        expect(await names({ format: 'swiss' })).toEqual(['Alpha', 'charlie', 'delta']);
        expect(await names({ game: 'chess' })).toEqual(['charlie', 'delta', 'echo']);
        expect(await names({ q: 'ALPHA' })).toEqual(['Alpha', 'alpha cup']);
        expect(await names({ q: '%' })).toEqual([]);
        expect(await names({ startsAfter: new Date(base + 86_400_000), startsBefore: new Date(base + 4 * 86_400_000) })).toEqual(['charlie']);
      });
    });
  });
}
