import { randomUUID } from 'node:crypto';
import { Participant } from '../../src/participants/domain/participant';
import { ExternalIdTakenError, ParticipantNameTakenError, SeedTakenError } from '../../src/participants/domain/participant-errors';
import { ParticipantListQuery, ParticipantRepository, StaleParticipantError } from '../../src/participants/domain/participant.repository';
import { aParticipant } from '../../src/participants/testing/a-participant';
import { withdraw } from '../../src/participants/domain/withdrawal';
import { everyPage } from './keyset-paging';

export interface ParticipantContractSubject {
  /** A repository with a fresh identity map, as a new request would have. */
  repository(): ParticipantRepository;
  newAccount(): Promise<string>;
  /** A tournament of the account that participants may join. */
  newTournament(accountId: string): Promise<string>;
}

/**
 * One contract for every ParticipantRepository adapter: the in-memory fake used by service tests and the
 * MikroORM adapter on PostgreSQL run the same cases, uniqueness rules included.
 */
export function describeParticipantRepositoryContract(adapter: string, setup: () => ParticipantContractSubject): void {
  describe(`ParticipantRepository contract: ${adapter}`, () => {
    const subject = setup();
    let account: string;
    let tournament: string;

    beforeEach(async () => {
      account = await subject.newAccount();
      tournament = await subject.newTournament(account);
    });

    const participant = (fields: Parameters<typeof aParticipant>[0] = {}) => aParticipant({ accountId: account, tournamentId: tournament, ...fields });

    async function stored(fields: Parameters<typeof aParticipant>[0] = {}): Promise<Participant> {
      const created = participant(fields);
      await subject.repository().add([created]);
      return created;
    }

    it('keeps a withdrawal and a check-in, and lists only those who left', async () => {
      const leaving = await stored({ name: 'Leaves' });
      await stored({ name: 'Stays' });
      const at = new Date('2026-05-01T18:30:00.000Z');
      withdraw(leaving, { reason: 'disqualified', note: 'no-show', voidResults: true, forfeitScore: [3, 0], afterMatchNumber: 7, at });
      leaving.checkedInAt = new Date('2026-05-01T17:45:00.000Z');
      await subject.repository().save(leaving);
      const [found] = await subject.repository().withdrawnIn(account, tournament);
      expect(found).toMatchObject({ id: leaving.id, status: 'disqualified', checkedInAt: leaving.checkedInAt });
      expect(found.withdrawal).toMatchObject({ reason: 'disqualified', note: 'no-show', voidResults: true, forfeitScore: [3, 0], afterMatchNumber: 7 });
      expect(new Date(found.withdrawal!.at).toISOString()).toBe(at.toISOString());
      expect(await subject.repository().withdrawnIn(account, tournament)).toHaveLength(1);
      expect(await subject.repository().withdrawnIn(await subject.newAccount(), tournament)).toEqual([]);
    });

    it('finds a participant only within its own account and tournament', async () => {
      const mine = await stored({ name: 'Ada' });
      const otherTournament = await subject.newTournament(account);
      const repository = subject.repository();
      expect((await repository.findOwned(account, tournament, mine.id))?.name).toBe('Ada');
      expect(await repository.findOwned(account, otherTournament, mine.id)).toBeNull();
      expect(await repository.findOwned(await subject.newAccount(), tournament, mine.id)).toBeNull();
      expect(await repository.findOwned(account, tournament, randomUUID())).toBeNull();
    });

    it('gives the names and seeds of the ids asked for, of this tournament only', async () => {
      const ada = await stored({ name: 'Ada', seed: 1 });
      const bob = await stored({ name: 'Bob', seed: null });
      await stored({ name: 'Cy' });
      const repository = subject.repository();
      const entrants = await repository.entrants(account, tournament, [ada.id, bob.id, randomUUID()]);
      expect(entrants.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { id: ada.id, name: 'Ada', seed: 1 },
        { id: bob.id, name: 'Bob', seed: null },
      ]);
      expect(await repository.entrants(account, await subject.newTournament(account), [ada.id])).toEqual([]);
      expect(await repository.entrants(account, tournament, [])).toEqual([]);
    });

    it('sets final ranks of the tournament’s participants only, bumping their versions', async () => {
      const ada = await stored({ name: 'Ada' });
      const bob = await stored({ name: 'Bob' });
      const elsewhere = await subject.repository().findOwned(account, tournament, bob.id);
      const otherAccount = await subject.newAccount();
      await subject.repository().setFinalRanks(otherAccount, tournament, new Map([[ada.id, 9]]));
      await subject.repository().setFinalRanks(account, tournament, new Map([[ada.id, 1]]));
      const repository = subject.repository();
      expect(await repository.findOwned(account, tournament, ada.id)).toMatchObject({ finalRank: 1, version: ada.version + 1 });
      expect(await repository.findOwned(account, tournament, bob.id)).toMatchObject({ finalRank: null, version: elsewhere!.version });
    });

    it('leaves the version of a participant whose rank does not change', async () => {
      const ada = await stored({ name: 'Ada' });
      await subject.repository().setFinalRanks(account, tournament, new Map([[ada.id, 2]]));
      await subject.repository().setFinalRanks(account, tournament, new Map([[ada.id, 2]]));
      expect(await subject.repository().findOwned(account, tournament, ada.id)).toMatchObject({ finalRank: 2, version: ada.version + 1 });
    });

    it('sets seeds in one go, so two participants may swap, and returns those changed with their new versions; another account changes nothing', async () => {
      const ada = await stored({ name: 'Ada', seed: 1 });
      const bob = await stored({ name: 'Bob', seed: 2 });
      const cy = await stored({ name: 'Cy' });
      expect(await subject.repository().setSeeds(await subject.newAccount(), tournament, new Map([[cy.id, 5]]))).toEqual([]);
      const changed = await subject.repository().setSeeds(account, tournament, new Map([[ada.id, 2], [bob.id, 1]]));
      expect(changed.map(({ name, seed, version }) => [name, seed, version]).sort()).toEqual([['Ada', 2, ada.version + 1], ['Bob', 1, bob.version + 1]]);
      const repository = subject.repository();
      expect(await repository.findOwned(account, tournament, ada.id)).toMatchObject({ seed: 2, version: ada.version + 1 });
      expect(await repository.findOwned(account, tournament, cy.id)).toMatchObject({ seed: null, version: cy.version });
    });

    it('reads the placements of several tournaments of the account at once, and nothing of another account', async () => {
      const ada = await stored({ name: 'Ada', externalId: 'p-1', seed: 2 });
      const otherTournament = await subject.newTournament(account);
      const bob = aParticipant({ accountId: account, tournamentId: otherTournament, name: 'Bob' });
      await subject.repository().add([bob]);
      await subject.repository().setFinalRanks(account, tournament, new Map([[ada.id, 1]]));
      const placements = await subject.repository().placementsIn(account, [tournament, otherTournament]);
      expect(placements.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { tournamentId: tournament, participantId: ada.id, name: 'Ada', externalId: 'p-1', seed: 2, finalRank: 1 },
        { tournamentId: otherTournament, participantId: bob.id, name: 'Bob', externalId: null, seed: null, finalRank: null },
      ]);
      expect(await subject.repository().placementsIn(await subject.newAccount(), [tournament])).toEqual([]);
      expect(await subject.repository().placementsIn(account, [])).toEqual([]);
    });

    it('round-trips every field', async () => {
      const created = await stored({ name: 'Ada', seed: 3, externalId: 'p-17', metadata: { club: 'Rooks' } });
      const found = await subject.repository().findOwned(account, tournament, created.id);
      expect({ ...found }).toEqual({ ...created, finalRank: null });
    });

    it.each([
      ['a name, ignoring case', { name: 'Ada' }, { name: 'ADA' }, ParticipantNameTakenError],
      ['a seed', { seed: 1 }, { seed: 1 }, SeedTakenError],
      ['an external id', { externalId: 'p-1' }, { externalId: 'p-1' }, ExternalIdTakenError],
    ])('refuses %s taken in the tournament', async (_what, first, second, error) => {
      await stored(first);
      await expect(subject.repository().add([participant(second)])).rejects.toBeInstanceOf(error);
      expect(await subject.repository().count(account, tournament)).toBe(1);
    });

    it('allows the same name, seed and external id in another tournament, and any number of unseeded participants', async () => {
      await stored({ name: 'Ada', seed: 1, externalId: 'p-1' });
      const other = await subject.newTournament(account);
      await subject.repository().add([aParticipant({ accountId: account, tournamentId: other, name: 'Ada', seed: 1, externalId: 'p-1' })]);
      await subject.repository().add([participant(), participant(), participant()]);
      expect(await subject.repository().count(account, tournament)).toBe(4);
      expect(await subject.repository().count(account, other)).toBe(1);
    });

    it('stores a batch all or nothing', async () => {
      await stored({ name: 'Taken' });
      await expect(subject.repository().add([participant({ name: 'Fresh' }), participant({ name: 'taken' })])).rejects.toBeInstanceOf(
        ParticipantNameTakenError,
      );
      expect(await subject.repository().count(account, tournament)).toBe(1);
    });

    it('saves a change and bumps the version; a stale copy is refused', async () => {
      const created = await stored({ name: 'Ada' });
      const staleRepository = subject.repository();
      const stale = (await staleRepository.findOwned(account, tournament, created.id))!;
      const writer = subject.repository();
      const current = (await writer.findOwned(account, tournament, created.id))!;
      current.update({ name: 'First' }, false);
      await writer.save(current);
      stale.update({ name: 'Second' }, false);
      await expect(staleRepository.save(stale)).rejects.toBeInstanceOf(StaleParticipantError);
      expect(await subject.repository().findOwned(account, tournament, created.id)).toMatchObject({ name: 'First', version: 2 });
    });

    it('refuses a change onto a name or seed another participant has', async () => {
      await stored({ name: 'Ada', seed: 1 });
      const other = await stored({ name: 'Bob', seed: 2 });
      for (const [changes, error] of [
        [{ name: 'ada' }, ParticipantNameTakenError],
        [{ seed: 1 }, SeedTakenError],
      ] as const) {
        const repository = subject.repository();
        const loaded = (await repository.findOwned(account, tournament, other.id))!;
        loaded.update(changes, false);
        await expect(repository.save(loaded)).rejects.toBeInstanceOf(error);
      }
      expect(await subject.repository().findOwned(account, tournament, other.id)).toMatchObject({ name: 'Bob', seed: 2, version: 1 });
    });

    it('removes only the version it read', async () => {
      const created = await stored();
      const staleRepository = subject.repository();
      const stale = (await staleRepository.findOwned(account, tournament, created.id))!;
      const writer = subject.repository();
      const current = (await writer.findOwned(account, tournament, created.id))!;
      current.update({ metadata: { k: 'v' } }, false);
      await writer.save(current);
      expect(await staleRepository.remove(stale)).toBe(false);
      const fresh = subject.repository();
      expect(await fresh.remove((await fresh.findOwned(account, tournament, created.id))!)).toBe(true);
      expect(await subject.repository().count(account, tournament)).toBe(0);
    });

    describe('list', () => {
      const base = new Date('2026-01-01T00:00:00.000Z').getTime();

      beforeEach(async () => {
        // Registered in this order; two batches, so batch order is registration order too.
        const at = (seconds: number) => new Date(base + seconds * 1000);
        await subject.repository().add([
          participant({ name: 'delta', createdAt: at(0) }),
          participant({ name: 'Alpha', seed: 2, createdAt: at(0) }),
          participant({ name: 'charlie', createdAt: at(0) }),
        ]);
        await subject.repository().add([participant({ name: 'bravo', seed: 1, createdAt: at(1) })]);
        await subject.repository().add([participant({ name: 'echo', createdAt: at(2) }), participant({ name: 'alpha two', seed: 1024, createdAt: at(2) })]);
        await subject.repository().add([aParticipant({ accountId: account, tournamentId: await subject.newTournament(account), name: 'elsewhere' })]);
      });

      async function all(query: Partial<ParticipantListQuery>, pageSize = 2): Promise<string[]> {
        const fetchPage = (after: ParticipantListQuery['after'], limit: number) =>
          subject
            .repository()
            .list({ accountId: account, tournamentId: tournament, filters: {}, sort: { field: 'seed', direction: 'asc' }, limit, ...query, after });
        return (await everyPage(fetchPage, pageSize)).map((row) => row.participant.name);
      }

      it('lists seeded participants by seed, then the unseeded in registration order; -seed reverses it', async () => {
        const seedOrder = ['bravo', 'Alpha', 'alpha two', 'delta', 'charlie', 'echo'];
        expect(await all({})).toEqual(seedOrder);
        expect(await all({ sort: { field: 'seed', direction: 'desc' } }, 4)).toEqual([...seedOrder].reverse());
      });

      it('gives the whole field in that order as plain rows of what a format needs', async () => {
        const field = await subject.repository().seedingOrder(account, tournament);
        expect(field.map((entry) => entry.name)).toEqual(['bravo', 'Alpha', 'alpha two', 'delta', 'charlie', 'echo']);
        expect(field[0]).toEqual({ id: expect.any(String), seed: 1, name: 'bravo', nameKey: 'bravo', externalId: null, status: 'active', checkedInAt: null, finalRank: null, group: null });
        expect(field[5].seed).toBeNull();
      });

      it('sorts by name case-insensitively and by created_at with ties broken by id', async () => {
        expect(await all({ sort: { field: 'name', direction: 'asc' } })).toEqual(['Alpha', 'alpha two', 'bravo', 'charlie', 'delta', 'echo']);
        const byCreation = await all({ sort: { field: 'created_at', direction: 'desc' } }, 1);
        expect(byCreation.slice(0, 2).sort()).toEqual(['alpha two', 'echo']);
        expect(byCreation.slice(2, 3)).toEqual(['bravo']);
        expect(byCreation.slice(3).sort()).toEqual(['Alpha', 'charlie', 'delta']);
      });

      it('filters by a case-insensitive name substring, % and _ taken literally', async () => {
        expect(await all({ filters: { q: 'ALPHA' } })).toEqual(['Alpha', 'alpha two']);
        expect(await all({ filters: { q: '%' } })).toEqual([]);
      });
    });
  });
}
