import { StatusChangeHook } from './status-change-hook';
import { versionIs } from '../platform/concurrency/fresh-version';
import { randomUUID } from 'node:crypto';
import { PreconditionFailedError } from '../kernel/domain-error';
import { StaticCursors } from '../platform/pagination/cursors';
import { InvalidCursorError } from '../platform/pagination/list-request';
import { TournamentNotFoundError } from './domain/tournament-errors';
import { InMemoryTournamentRepository } from './testing/in-memory-tournament.repository';
import { TournamentsService } from './tournaments.service';
import { LeaguesService } from '../leagues/leagues.service';
import { InMemoryLeagueRepository } from '../leagues/testing/in-memory-league.repository';
import { aLeague } from '../leagues/testing/a-league';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';

describe('TournamentsService', () => {
  const account = randomUUID();
  let repository: InMemoryTournamentRepository;
  let service: TournamentsService;
  let leagueRepository: InMemoryLeagueRepository;
  let events: InMemoryEventLog;
  let statusChanges: StatusChangeHook;

  beforeEach(() => {
    statusChanges = new StatusChangeHook();
    events = new InMemoryEventLog();
    repository = new InMemoryTournamentRepository(events);
    leagueRepository = new InMemoryLeagueRepository();
    const cursors = new StaticCursors('service-spec-secret-0123456789abcdef');
    service = new TournamentsService(repository, cursors, new LeaguesService(leagueRepository, cursors, new ImmediateUnitOfWork(), events), new ImmediateUnitOfWork(), statusChanges, events);
  });

  const create = (name = 'Cup') => service.create(account, { name, format: 'swiss' });

  it('hides other accounts’ tournaments for reads, updates and deletes', async () => {
    const { id } = await create();
    const other = randomUUID();
    await expect(service.get(other, id)).rejects.toBeInstanceOf(TournamentNotFoundError);
    await expect(service.update(other, id, { name: 'Mine now' }, undefined)).rejects.toBeInstanceOf(TournamentNotFoundError);
    await expect(service.delete(other, id, undefined)).rejects.toBeInstanceOf(TournamentNotFoundError);
    expect((await service.get(account, id)).name).toBe('Cup');
  });

  it('bumps the version on a real change only', async () => {
    const { id } = await create();
    expect((await service.update(account, id, { name: 'Cup' }, undefined)).version).toBe(1);
    expect((await service.update(account, id, { name: 'Renamed' }, undefined)).version).toBe(2);
  });

  it('refuses a stale If-Match with 412 and changes nothing', async () => {
    const { id } = await create();
    await service.update(account, id, { name: 'v2' }, versionIs(1));
    await expect(service.update(account, id, { name: 'late' }, versionIs(1))).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(service.delete(account, id, versionIs(1))).rejects.toBeInstanceOf(PreconditionFailedError);
    expect((await service.get(account, id)).name).toBe('v2');
  });

  it('refuses to delete a tournament in progress', async () => {
    const { id } = await create();
    await service.update(account, id, { status: 'in_progress' }, undefined);
    await expect(service.delete(account, id, undefined)).rejects.toMatchObject({ code: 'invalid_state_transition' });
    await service.update(account, id, { status: 'cancelled' }, undefined);
    await service.delete(account, id, undefined);
    await expect(service.get(account, id)).rejects.toBeInstanceOf(TournamentNotFoundError);
  });

  it('pages with signed cursors and refuses a cursor from another query', async () => {
    for (const name of ['a', 'b', 'c']) await create(name);
    const sort = { field: 'name' as const, direction: 'asc' as const };
    const first = await service.list(account, { filters: {}, sort, limit: 2 });
    expect(first.items.map((t) => t.name)).toEqual(['a', 'b']);
    const second = await service.list(account, { filters: {}, sort, limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((t) => t.name)).toEqual(['c']);
    expect(second.nextCursor).toBeNull();
    await expect(service.list(account, { filters: { q: 'a' }, sort, limit: 2, cursor: first.nextCursor! })).rejects.toThrow(InvalidCursorError);
  });

  describe('the status-change hook', () => {
    it('runs the bound rules on a status change only, and returns their note', async () => {
      const seen: string[] = [];
      statusChanges.bind({
        onStatusChange: async (tournament, from) => {
          seen.push(`${from}->${tournament.status}`);
          return { droppedParticipants: [{ id: 'p1', name: 'Late' }] };
        },
      });
      const { id } = await create();
      await service.update(account, id, { name: 'Renamed' }, undefined);
      const { note } = await service.change(account, id, { status: 'in_progress' }, undefined);
      expect(seen).toEqual(['draft->in_progress']);
      expect(note).toEqual({ droppedParticipants: [{ id: 'p1', name: 'Late' }] });
    });

    it('refuses the change, saving nothing, when the rules throw', async () => {
      statusChanges.bind({ onStatusChange: () => Promise.reject(new TournamentNotFoundError()) });
      const { id } = await create();
      await expect(service.update(account, id, { status: 'in_progress' }, undefined)).rejects.toBeInstanceOf(TournamentNotFoundError);
      expect((await service.get(account, id)).status).toBe('draft');
    });

    it('is bound once', () => {
      const rules = { onStatusChange: async () => undefined };
      statusChanges.bind(rules);
      expect(() => statusChanges.bind(rules)).toThrow(/already bound/);
    });
  });

  describe('attaching to a league', () => {
    async function storedLeague(overrides: Parameters<typeof aLeague>[0] = {}) {
      const league = aLeague({ accountId: account, ...overrides });
      await leagueRepository.add(league);
      return league;
    }

    it('accepts an open league of the same account, on create and on update', async () => {
      const league = await storedLeague({ status: 'active' });
      expect((await service.create(account, { name: 'Cup', format: 'swiss', leagueId: league.id })).leagueId).toBe(league.id);
      const { id } = await create();
      expect((await service.update(account, id, { leagueId: league.id }, undefined)).leagueId).toBe(league.id);
    });

    it('refuses a missing or foreign league with 422 on /league_id, and creates nothing', async () => {
      const foreign = aLeague({ accountId: randomUUID() });
      await leagueRepository.add(foreign);
      for (const leagueId of [randomUUID(), foreign.id]) {
        await expect(service.create(account, { name: 'Cup', format: 'swiss', leagueId })).rejects.toMatchObject({
          fieldProblems: [{ pointer: '/league_id', detail: expect.any(String) }],
        });
      }
      expect((await service.list(account, { filters: {}, sort: { field: 'name', direction: 'asc' }, limit: 10 })).items).toEqual([]);
    });

    it('refuses a completed or archived league with 409 league_closed', async () => {
      const closed = await storedLeague({ status: 'completed' });
      await expect(service.create(account, { name: 'Cup', format: 'swiss', leagueId: closed.id })).rejects.toMatchObject({ code: 'league_closed' });
      const { id } = await create();
      await expect(service.update(account, id, { leagueId: closed.id }, undefined)).rejects.toMatchObject({ code: 'league_closed' });
    });

    it('lets a tournament stay in a league that closed later, and detach from it', async () => {
      const league = await storedLeague({ status: 'active' });
      const { id } = await service.create(account, { name: 'Cup', format: 'swiss', leagueId: league.id });
      const closed = (await leagueRepository.findOwned(account, league.id))!;
      closed.update({ status: 'completed' });
      await leagueRepository.save(closed);
      expect((await service.update(account, id, { leagueId: league.id, name: 'Renamed' }, undefined)).name).toBe('Renamed');
      expect((await service.update(account, id, { leagueId: null }, undefined)).leagueId).toBeNull();
    });
  });

  describe('events', () => {
    it('appends one event per change, typed by what changed, with the tournament as GET shows it', async () => {
      const { id } = await create();
      await service.update(account, id, { name: 'Renamed' }, undefined);
      await service.update(account, id, { name: 'Renamed' }, undefined);
      await service.update(account, id, { status: 'registration_open' }, undefined);
      await service.update(account, id, { status: 'cancelled' }, undefined);
      await service.delete(account, id, undefined);
      expect(events.typesOf()).toEqual(['tournament.created', 'tournament.updated', 'tournament.status_changed', 'tournament.status_changed', 'tournament.deleted']);
      expect(events.appended[1]).toMatchObject({ accountId: account, tournamentId: id, data: { id, name: 'Renamed', version: 2 } });
      expect(events.appended[4].data).toEqual({ id });
    });

    it('appends nothing for a write that is refused', async () => {
      const { id } = await create();
      await expect(service.update(account, id, { status: 'completed' }, undefined)).rejects.toMatchObject({ code: 'invalid_state_transition' });
      await expect(service.update(account, id, { name: 'x' }, () => false)).rejects.toBeInstanceOf(PreconditionFailedError);
      expect(events.typesOf()).toEqual(['tournament.created']);
    });
  });
});
