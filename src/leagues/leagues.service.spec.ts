import { versionIs } from '../platform/concurrency/fresh-version';
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidError, NotFoundError, PreconditionFailedError } from '../kernel/domain-error';
import { InvalidCursorError } from '../platform/pagination/list-request';
import { StaticCursors } from '../platform/pagination/cursors';
import { League } from './domain/league';
import { LeagueNotEmptyError } from './domain/league-errors';
import { InMemoryLeagueRepository } from './testing/in-memory-league.repository';
import { aLeague } from './testing/a-league';
import { LeaguesService } from './leagues.service';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';

describe('LeaguesService', () => {
  const accountId = randomUUID();
  let repository: InMemoryLeagueRepository;
  let service: LeaguesService;

  beforeEach(() => {
    repository = new InMemoryLeagueRepository();
    service = new LeaguesService(repository, new StaticCursors('a-test-secret-that-is-long-enough-000'), new ImmediateUnitOfWork(), new InMemoryEventLog());
  });

  async function stored(overrides: Parameters<typeof aLeague>[0] = {}): Promise<League> {
    const league = aLeague({ accountId, ...overrides });
    await repository.add(league);
    return league;
  }

  it('creates a league the account can read back, and nobody else can', async () => {
    const created = await service.create(accountId, { name: 'City League', startsOn: '2026-03-01' });
    expect(await service.get(accountId, created.id)).toMatchObject({ name: 'City League', startsOn: '2026-03-01', tournamentCount: 0 });
    await expect(service.get(randomUUID(), created.id)).rejects.toThrow(NotFoundError);
  });

  describe('update', () => {
    it('applies the patch and moves the version on; a patch that changes nothing keeps it', async () => {
      const league = await stored();
      expect(await service.update(accountId, league.id, { status: 'active' }, undefined)).toMatchObject({ status: 'active', version: 2 });
      expect((await service.update(accountId, league.id, { status: 'active' }, versionIs(2))).version).toBe(2);
    });

    it('honours If-Match: the current version or * applies, a stale one is 412', async () => {
      const league = await stored();
      await expect(service.update(accountId, league.id, { name: 'A' }, versionIs(7))).rejects.toThrow(PreconditionFailedError);
      expect((await service.update(accountId, league.id, { name: 'A' }, versionIs(1))).version).toBe(2);
      expect((await service.update(accountId, league.id, { name: 'B' }, 'any')).version).toBe(3);
    });

    it('without If-Match, re-applies the patch to the newest version when another writer got there first', async () => {
      const league = await stored({ metadata: { a: '1' } });
      interleaveWriterOnce(repository, (meanwhile) => meanwhile.update({ metadata: { b: '2' } }));
      const updated = await service.update(accountId, league.id, { metadata: { c: '3' } }, undefined);
      expect(updated.metadata).toEqual({ a: '1', b: '2', c: '3' });
      expect(updated.version).toBe(3);
    });

    it('with If-Match, losing the race to another writer is 412', async () => {
      const league = await stored();
      interleaveWriterOnce(repository, (meanwhile) => meanwhile.update({ name: 'Theirs' }));
      await expect(service.update(accountId, league.id, { name: 'Mine' }, versionIs(1))).rejects.toThrow(PreconditionFailedError);
      expect((await service.get(accountId, league.id)).name).toBe('Theirs');
    });

    it("is 404 for another account's league", async () => {
      const league = await stored();
      await expect(service.update(randomUUID(), league.id, { name: 'X' }, undefined)).rejects.toThrow(NotFoundError);
    });
  });

  describe('delete', () => {
    it('deletes an empty league', async () => {
      const league = await stored();
      await service.delete(accountId, league.id, versionIs(1));
      await expect(service.get(accountId, league.id)).rejects.toThrow(NotFoundError);
    });

    it('refuses a league that tournaments reference (409 league_not_empty), saying how many', async () => {
      const league = await stored({ status: 'completed' });
      repository.attachTournament(league.id);
      repository.attachTournament(league.id);
      await expect(service.delete(accountId, league.id, undefined)).rejects.toThrow(
        expect.objectContaining({ code: 'league_not_empty', message: expect.stringContaining('2 tournaments') }),
      );
      expect(await service.get(accountId, league.id)).toBeDefined();
    });

    it('refuses a league whose tournament was attached after it was read', async () => {
      const league = await stored();
      const read = repository.findOwned.bind(repository);
      jest.spyOn(repository, 'findOwned').mockImplementationOnce(async (...args) => {
        const found = await read(...args);
        repository.attachTournament(league.id);
        return found;
      });
      await expect(service.delete(accountId, league.id, undefined)).rejects.toThrow(LeagueNotEmptyError);
    });

    it('deletes an emptied league once its tournaments are detached', async () => {
      const league = await stored();
      const tournamentId = repository.attachTournament(league.id);
      await expect(service.delete(accountId, league.id, undefined)).rejects.toThrow(LeagueNotEmptyError);
      repository.detachTournament(league.id, tournamentId);
      await service.delete(accountId, league.id, undefined);
    });

    it('honours If-Match and is 404 for another account', async () => {
      const league = await stored();
      await expect(service.delete(accountId, league.id, versionIs(2))).rejects.toThrow(PreconditionFailedError);
      await expect(service.delete(randomUUID(), league.id, undefined)).rejects.toThrow(NotFoundError);
    });
  });

  describe('list', () => {
    it('pages through every league once, in order, and binds the cursor to its query', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await stored({ name: `L${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })).id);
      const request = { filters: {}, sort: { field: 'created_at' as const, direction: 'desc' as const }, limit: 2 };
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await service.list(accountId, { ...request, cursor });
        seen.push(...page.items.map((league) => league.id));
        cursor = page.nextCursor ?? undefined;
        if (cursor) {
          await expect(service.list(accountId, { ...request, filters: { q: 'L' }, cursor })).rejects.toThrow(InvalidCursorError);
        }
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
    });

    it('refuses a forged cursor as a bad cursor parameter', async () => {
      await expect(service.list(accountId, { filters: {}, sort: { field: 'name', direction: 'asc' }, limit: 20, cursor: 'forged.cursor' })).rejects.toThrow(InvalidCursorError);
    });
  });

  describe('lockAttachableLeague (for the tournaments module)', () => {
    it.each(['draft', 'active'] as const)('accepts a %s league of the account', async (status) => {
      const league = await stored({ status });
      await expect(service.lockAttachableLeague(accountId, league.id)).resolves.toBeUndefined();
      await expect(service.lockAttachableLeague(accountId, league.id.toUpperCase())).resolves.toBeUndefined();
    });

    it.each(['completed', 'archived'] as const)('refuses a %s league with 409 league_closed', async (status) => {
      const league = await stored({ status });
      const refusal = service.lockAttachableLeague(accountId, league.id);
      await expect(refusal).rejects.toThrow(ConflictError);
      await expect(refusal).rejects.toMatchObject({ code: 'league_closed', extensions: { league_status: status } });
    });

    it("refuses another account's league, an unknown one and a malformed id alike: 422 on /league_id", async () => {
      const theirs = aLeague({ accountId: randomUUID() });
      await repository.add(theirs);
      for (const leagueId of [theirs.id, randomUUID(), 'not-a-uuid']) {
        const refusal = service.lockAttachableLeague(accountId, leagueId);
        await expect(refusal).rejects.toThrow(InvalidError);
        await expect(refusal).rejects.toMatchObject({ fieldProblems: [{ pointer: '/league_id', detail: 'must name one of your leagues.' }] });
      }
    });
  });
});

/** The next save first lets another "request" change and save the same league, as a concurrent writer would. */
function interleaveWriterOnce(repository: InMemoryLeagueRepository, change: (league: League) => void): void {
  const save = repository.save.bind(repository);
  jest.spyOn(repository, 'save').mockImplementationOnce(async (league) => {
    const meanwhile = (await repository.findOwned(league.accountId, league.id))!;
    change(meanwhile);
    await save(meanwhile);
    return save(league);
  });
}
