import { UnlimitedHeavyWorkGate } from '../platform/concurrency/heavy-work-gate';
import { versionIs } from '../platform/concurrency/fresh-version';
import { randomUUID } from 'node:crypto';
import { LeaguesService } from '../leagues/leagues.service';
import { InMemoryLeagueRepository } from '../leagues/testing/in-memory-league.repository';
import { PreconditionFailedError } from '../kernel/domain-error';
import { StaticCursors } from '../platform/pagination/cursors';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';
import { TournamentNotFoundError } from '../tournaments/domain/tournament-errors';
import { InMemoryTournamentRepository } from '../tournaments/testing/in-memory-tournament.repository';
import { StatusChangeHook } from '../tournaments/status-change-hook';
import { TournamentsService } from '../tournaments/tournaments.service';
import { ParticipantNotFoundError } from './domain/participant-errors';
import { SeedingRatingsHook } from './seeding-ratings';
import { ParticipantsService } from './participants.service';
import { TournamentsGateAdapter } from './adapters/tournaments-gate.adapter';
import { InMemoryParticipantRepository } from './testing/in-memory-participant.repository';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';

describe('ParticipantsService', () => {
  const account = randomUUID();
  let tournaments: TournamentsService;
  let service: ParticipantsService;

  beforeEach(() => {
    const cursors = new StaticCursors('service-spec-secret-0123456789abcdef');
    const unitOfWork = new ImmediateUnitOfWork();
    tournaments = new TournamentsService(
      new InMemoryTournamentRepository(),
      cursors,
      new LeaguesService(new InMemoryLeagueRepository(), cursors, unitOfWork, new InMemoryEventLog()),
      unitOfWork,
      new StatusChangeHook(),
      new InMemoryEventLog(),
    );
    service = new ParticipantsService(new InMemoryParticipantRepository(), new TournamentsGateAdapter(tournaments), cursors, unitOfWork, new UnlimitedHeavyWorkGate(), new InMemoryEventLog(), new SeedingRatingsHook());
  });

  const aTournament = async (maxParticipants: number | null = null) =>
    (await tournaments.create(account, { name: 'Cup', format: 'swiss', maxParticipants })).id;
  const names = async (tournamentId: string, sort: 'seed' | 'name' = 'seed') =>
    (await service.list(account, tournamentId, { filters: {}, sort: { field: sort, direction: 'asc' }, limit: 100 })).items.map((p) => p.name);

  it('hides another account’s tournament and its participants on every use case', async () => {
    const tournamentId = await aTournament();
    const { id } = await service.create(account, tournamentId, { name: 'Ada' });
    const other = randomUUID();
    const list = { filters: {}, sort: { field: 'seed', direction: 'asc' } as const, limit: 10 };
    for (const attempt of [
      service.create(other, tournamentId, { name: 'Bob' }),
      service.createMany(other, tournamentId, [{ name: 'Bob' }]),
      service.get(other, tournamentId, id),
      service.update(other, tournamentId, id, { name: 'Mine' }, undefined),
      service.delete(other, tournamentId, id, undefined),
      service.list(other, tournamentId, list),
    ]) {
      await expect(attempt).rejects.toBeInstanceOf(TournamentNotFoundError);
    }
    expect(await names(tournamentId)).toEqual(['Ada']);
  });

  it('finds a participant only under its own tournament', async () => {
    const [first, second] = [await aTournament(), await aTournament()];
    const { id } = await service.create(account, first, { name: 'Ada' });
    await expect(service.get(account, second, id)).rejects.toBeInstanceOf(ParticipantNotFoundError);
  });

  it('fills a capped tournament exactly, one at a time or in a batch', async () => {
    const tournamentId = await aTournament(3);
    await service.createMany(account, tournamentId, [{ name: 'A' }, { name: 'B' }]);
    await expect(service.createMany(account, tournamentId, [{ name: 'C' }, { name: 'D' }])).rejects.toMatchObject({ code: 'tournament_full' });
    await service.create(account, tournamentId, { name: 'C' });
    await expect(service.create(account, tournamentId, { name: 'D' })).rejects.toMatchObject({
      code: 'tournament_full',
      extensions: { max_participants: 3, participant_count: 3 },
    });
  });

  it('locks the field once the tournament starts: no adds or removals, seed and external_id fixed, name and metadata free', async () => {
    const tournamentId = await aTournament();
    const ada = await service.create(account, tournamentId, { name: 'Ada', seed: 1 });
    await service.create(account, tournamentId, { name: 'Bob' });
    await tournaments.update(account, tournamentId, { status: 'in_progress' }, undefined);
    await expect(service.create(account, tournamentId, { name: 'Cy' })).rejects.toMatchObject({ code: 'participants_locked' });
    await expect(service.delete(account, tournamentId, ada.id, undefined)).rejects.toMatchObject({ code: 'participants_locked' });
    await expect(service.update(account, tournamentId, ada.id, { seed: 2 }, undefined)).rejects.toMatchObject({ code: 'field_locked' });
    expect(await service.update(account, tournamentId, ada.id, { name: 'Ada L.', metadata: { k: 'v' } }, undefined)).toMatchObject({
      name: 'Ada L.',
      seed: 1,
      version: 2,
    });
  });

  it('honours If-Match on update and delete', async () => {
    const tournamentId = await aTournament();
    const { id } = await service.create(account, tournamentId, { name: 'Ada' });
    await service.update(account, tournamentId, id, { name: 'Ada L.' }, versionIs(1));
    await expect(service.update(account, tournamentId, id, { name: 'Late' }, versionIs(1))).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(service.delete(account, tournamentId, id, versionIs(1))).rejects.toBeInstanceOf(PreconditionFailedError);
    await service.delete(account, tournamentId, id, versionIs(2));
    await expect(service.get(account, tournamentId, id)).rejects.toBeInstanceOf(ParticipantNotFoundError);
  });

  it('imports a batch all or nothing, refusing repeats inside it on the later item', async () => {
    const tournamentId = await aTournament();
    await expect(service.createMany(account, tournamentId, [{ name: 'Ada' }, { name: 'Bob' }, { name: 'ada' }])).rejects.toMatchObject({
      fieldProblems: [{ pointer: '/participants/2/name', detail: expect.any(String) }],
    });
    await service.create(account, tournamentId, { name: 'Bob' });
    await expect(service.createMany(account, tournamentId, [{ name: 'Ada' }, { name: 'BOB' }])).rejects.toMatchObject({
      code: 'participant_name_taken',
    });
    expect(await names(tournamentId)).toEqual(['Bob']);
  });

  it('lists seeded participants by seed, then the unseeded in registration order (the seeding order of §12)', async () => {
    const tournamentId = await aTournament();
    await service.createMany(account, tournamentId, [{ name: 'x' }, { name: 'third seed', seed: 3 }, { name: 'a' }]);
    await service.create(account, tournamentId, { name: 'first seed', seed: 1 });
    await service.create(account, tournamentId, { name: 'm' });
    expect(await names(tournamentId)).toEqual(['first seed', 'third seed', 'x', 'a', 'm']);
    expect(await names(tournamentId, 'name')).toEqual(['a', 'first seed', 'm', 'third seed', 'x']);
  });

  it('gives every participant in seeding order, however many there are', async () => {
    const tournamentId = await aTournament();
    const unseeded = Array.from({ length: 700 }, (_, i) => ({ name: `Player ${i}` }));
    await service.createMany(account, tournamentId, unseeded.slice(0, 256));
    await service.createMany(account, tournamentId, [{ name: 'Second seed', seed: 2 }, ...unseeded.slice(256, 500)]);
    await service.createMany(account, tournamentId, [...unseeded.slice(500), { name: 'First seed', seed: 1 }]);
    const order = (await service.inSeedingOrder(account, tournamentId)).map((participant) => participant.name);
    expect(order).toEqual(['First seed', 'Second seed', ...unseeded.map((participant) => participant.name)]);
    expect(await service.inSeedingOrder(randomUUID(), tournamentId)).toEqual([]);
  });

  it('refuses a bad item in a batch with a pointer into the array', async () => {
    const tournamentId = await aTournament();
    const crowded = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    await expect(service.createMany(account, tournamentId, [{ name: 'Ada' }, { name: 'Bob', metadata: crowded }])).rejects.toMatchObject({
      fieldProblems: [{ pointer: '/participants/1/metadata' }],
    });
  });
});
