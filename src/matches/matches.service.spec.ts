import { InMemoryStationRepository } from './testing/in-memory-station.repository';
import { randomUUID } from 'node:crypto';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';
import { InvalidError, PreconditionFailedError } from '../kernel/domain-error';
import { LeaguesService } from '../leagues/leagues.service';
import { InMemoryLeagueRepository } from '../leagues/testing/in-memory-league.repository';
import { SeedingRatingsHook } from '../participants/seeding-ratings';
import { ParticipantsService } from '../participants/participants.service';
import { InMemoryParticipantRepository } from '../participants/testing/in-memory-participant.repository';
import { UnlimitedHeavyWorkGate } from '../platform/concurrency/heavy-work-gate';
import { versionIs } from '../platform/concurrency/fresh-version';
import { StaticCursors } from '../platform/pagination/cursors';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';
import { InlineOffload } from '../platform/work/offload';
import { TournamentFormat } from '../tournaments/domain/tournament';
import { TournamentNotFoundError } from '../tournaments/domain/tournament-errors';
import { InMemoryTournamentRepository } from '../tournaments/testing/in-memory-tournament.repository';
import { StatusChangeHook } from '../tournaments/status-change-hook';
import { TournamentsService } from '../tournaments/tournaments.service';
import {
  DependentMatchesReportedError,
  DrawNotAllowedError,
  MatchesPendingError,
  MatchNotFoundError,
  MatchNotReadyError,
} from '../competition/match/match-errors';
import { MatchRecord } from './domain/match.repository';
import { StandingsPublisher } from './domain/standings-publisher';
import { MATCH_TASKS } from './match-work';
import { MatchesService, MatchUpdate, ReportFlags } from './matches.service';
import { FieldOfPlayAdapter } from './adapters/field-of-play.adapter';
import { TournamentsInPlayAdapter } from './adapters/tournaments-in-play.adapter';
import { TournamentsGateAdapter } from '../participants/adapters/tournaments-gate.adapter';
import { InMemoryMatchRepository } from './testing/in-memory-match.repository';
import { InMemoryStandingsRefreshes } from './testing/in-memory-standings-refreshes';

/** Counts the wake-ups a committed result gives the standings publisher. */
class CountingPublisher extends StandingsPublisher {
  wakeUps = 0;

  wake(): void {
    this.wakeUps += 1;
  }
}

const REPORT: ReportFlags = { dryRun: false, resetDependents: false };

describe('MatchesService', () => {
  const account = randomUUID();
  let events: InMemoryEventLog;
  let tournaments: TournamentsService;
  let participants: ParticipantsService;
  let matches: InMemoryMatchRepository;
  let refreshes: InMemoryStandingsRefreshes;
  let publisher: CountingPublisher;
  let service: MatchesService;

  beforeEach(() => {
    const cursors = new StaticCursors('matches-service-spec-secret-0123456789');
    const unitOfWork = new ImmediateUnitOfWork();
    const statusChanges = new StatusChangeHook();
    const heavyWork = new UnlimitedHeavyWorkGate();
    events = new InMemoryEventLog();
    const leagues = new LeaguesService(new InMemoryLeagueRepository(), cursors, unitOfWork, events);
    tournaments = new TournamentsService(new InMemoryTournamentRepository(events), cursors, leagues, unitOfWork, statusChanges, events);
    participants = new ParticipantsService(new InMemoryParticipantRepository(), new TournamentsGateAdapter(tournaments), cursors, unitOfWork, heavyWork, events, new SeedingRatingsHook());
    matches = new InMemoryMatchRepository();
    refreshes = new InMemoryStandingsRefreshes();
    publisher = new CountingPublisher();
    service = new MatchesService(matches, new TournamentsInPlayAdapter(tournaments), new FieldOfPlayAdapter(participants), unitOfWork, cursors, new InlineOffload(MATCH_TASKS), heavyWork, events, refreshes, publisher, new InMemoryStationRepository());
    statusChanges.bind(service);
  });

  /** A tournament of the format with these participants (seeded in this order), started: its matches generated. */
  async function started(format: TournamentFormat, names: string[]): Promise<{ id: string; ids: Record<string, string> }> {
    const { id } = await tournaments.create(account, { name: 'Cup', format });
    const ids: Record<string, string> = {};
    for (const [index, name] of names.entries()) ids[name] = (await participants.create(account, id, { name, seed: index + 1 })).id;
    await tournaments.update(account, id, { status: 'in_progress' }, undefined);
    return { id, ids };
  }

  const all = async (tournamentId: string) => (await service.list(account, tournamentId, { filters: {}, direction: 'asc', limit: 100 })).items;
  const numbered = async (tournamentId: string, number: number) => (await all(tournamentId)).find((match) => match.number === number)!;
  const playersOf = (match: MatchRecord) => match.opponents.map((opponent) => opponent.participantId);
  const report = (tournamentId: string, match: MatchRecord, update: MatchUpdate, flags = REPORT) =>
    service.update(account, tournamentId, match.id, update, undefined, flags);

  /** Single elimination of four: semi-finals #1 (A–D) and #2 (B–C), the final #3. */
  async function fourPlayerBracket() {
    const tournament = await started('single_elimination', ['A', 'B', 'C', 'D']);
    const [semi1, semi2, final] = await all(tournament.id);
    return { ...tournament, semi1, semi2, final };
  }

  describe('list', () => {
    it('pages through a started tournament’s matches by number, filtered, for its own account only', async () => {
      const { id, ids } = await started('round_robin', ['A', 'B', 'C', 'D']);
      expect(events.typesOf()).toContain('matches.generated');
      const first = await service.list(account, id, { filters: {}, direction: 'asc', limit: 4 });
      const rest = await service.list(account, id, { filters: {}, direction: 'asc', limit: 4, cursor: first.nextCursor! });
      expect([...first.items, ...rest.items].map((match) => match.number)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(rest.nextCursor).toBeNull();
      const withA = (await service.list(account, id, { filters: { participantId: ids.A }, direction: 'desc', limit: 10 })).items;
      expect(withA).toHaveLength(3);
      expect(withA.every((match) => playersOf(match).includes(ids.A))).toBe(true);
      expect(withA.map((match) => match.number)).toEqual([...withA.map((match) => match.number)].sort((a, b) => b - a));
      await expect(service.list(randomUUID(), id, { filters: {}, direction: 'asc', limit: 10 })).rejects.toBeInstanceOf(TournamentNotFoundError);
    });
  });

  describe('report', () => {
    it('records the result, moves the winner on, raises the versions it changed and asks for the table once', async () => {
      const { id, ids, semi1, final } = await fourPlayerBracket();
      const result = await report(id, semi1, { report: { scores: [2, 1] } });
      expect(result.match).toMatchObject({ status: 'completed', winnerId: ids.A, version: semi1.version + 1 });
      expect(result.changed.map((match) => [match.id, playersOf(match)])).toEqual([[final.id, [ids.A, null]]]);
      expect(await service.get(account, id, semi1.id)).toEqual(result.match);
      expect((await service.get(account, id, final.id)).version).toBe(final.version + 1);
      expect(result.tournamentCompleted).toBe(false);
      expect(events.typesOf().slice(-1)).toEqual(['match.reported']);
      expect(await refreshes.waiting(10)).toEqual([{ accountId: account, tournamentId: id, version: 1 }]);
      expect(publisher.wakeUps).toBe(1);
    });

    it('sets a schedule alone without touching the result, and says so', async () => {
      const { id, semi1 } = await fourPlayerBracket();
      const at = new Date('2026-06-01T18:00:00.000Z');
      const result = await report(id, semi1, { scheduledAt: at });
      expect(result.match).toMatchObject({ status: 'ready', scheduledAt: at, version: semi1.version + 1 });
      expect(events.typesOf().slice(-1)).toEqual(['match.scheduled']);
      expect(publisher.wakeUps).toBe(0);
    });

    it('previews a dry run with the table and writes nothing', async () => {
      const { id, semi1 } = await fourPlayerBracket();
      const before = [...events.appended];
      const result = await report(id, semi1, { report: { winnerId: semi1.opponents[1].participantId! } }, { dryRun: true, resetDependents: false });
      expect(result.match.status).toBe('completed');
      expect(result.standings.length).toBe(4);
      expect(await service.get(account, id, semi1.id)).toEqual(semi1);
      expect(events.appended).toEqual(before);
      expect(publisher.wakeUps).toBe(0);
    });
  });

  describe('refuses with a domain error, and writes nothing', () => {
    it.each([
      ['a draw where the format has none', DrawNotAllowedError, { scores: [1, 1] }],
      ['scores that are not one per opponent', InvalidError, { scores: [1, 2, 3] }],
      ['ranks outside a free-for-all', InvalidError, { ranks: [1, 2] }],
    ])('%s', async (_case, error, sent) => {
      const { id, semi1 } = await fourPlayerBracket();
      const before = [...events.appended];
      await expect(report(id, semi1, { report: sent })).rejects.toBeInstanceOf(error);
      expect(await service.get(account, id, semi1.id)).toEqual(semi1);
      expect(events.appended).toEqual(before);
    });

    it('a match whose opponents are not known yet, an unknown match, a stale If-Match', async () => {
      const { id, semi1, semi2, final } = await fourPlayerBracket();
      await expect(report(id, final, { report: { scores: [1, 0] } })).rejects.toBeInstanceOf(MatchNotReadyError);
      await expect(service.update(account, id, randomUUID(), { report: { scores: [1, 0] } }, undefined, REPORT)).rejects.toBeInstanceOf(MatchNotFoundError);
      await expect(service.update(account, id, semi1.id, { report: { scores: [1, 0] } }, versionIs(semi1.version + 1), REPORT)).rejects.toBeInstanceOf(
        PreconditionFailedError,
      );
      expect(await all(id)).toEqual([semi1, semi2, final]);
      expect(publisher.wakeUps).toBe(0);
    });
  });

  describe('completion and corrections', () => {
    /** Plays the bracket out: A and B win their semi-finals, A the final. */
    async function playedOut() {
      const bracket = await fourPlayerBracket();
      await report(bracket.id, bracket.semi1, { report: { scores: [3, 0] } });
      await report(bracket.id, bracket.semi2, { report: { scores: [3, 0] } });
      const last = await report(bracket.id, await numbered(bracket.id, 3), { report: { scores: [2, 1] } });
      return { ...bracket, last };
    }

    const finalRanks = async (tournamentId: string, ids: Record<string, string>) =>
      Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, (await participants.get(account, tournamentId, id)).finalRank])));

    it('refuses to complete a tournament by hand while a match is open', async () => {
      const { id } = await fourPlayerBracket();
      await expect(tournaments.update(account, id, { status: 'completed' }, undefined)).rejects.toBeInstanceOf(MatchesPendingError);
      expect((await tournaments.get(account, id)).status).toBe('in_progress');
    });

    it('completes the tournament with the last result, ranking everyone', async () => {
      const { id, ids, last } = await playedOut();
      expect(last.tournamentCompleted).toBe(true);
      expect(last.standings.map((row) => [row.name, row.rank])).toEqual([['A', 1], ['B', 2], ['C', 3], ['D', 3]]);
      expect((await tournaments.get(account, id)).status).toBe('completed');
      expect(await finalRanks(id, ids)).toEqual({ A: 1, B: 2, C: 3, D: 3 });
      expect(events.typesOf().slice(-2)).toEqual(['match.reported', 'tournament.completed']);
    });

    it('corrects a result others depend on only with resets: the final is cleared and the tournament reopened', async () => {
      const { id, ids, semi1 } = await playedOut();
      const correction = { report: { scores: [0, 3] } };
      await expect(report(id, semi1, correction)).rejects.toBeInstanceOf(DependentMatchesReportedError);

      const result = await report(id, semi1, correction, { dryRun: false, resetDependents: true });
      expect(result.match.winnerId).toBe(ids.D);
      expect(result.tournamentReopened).toBe(true);
      const final = await numbered(id, 3);
      expect(result.cleared.map((match) => match.id)).toEqual([final.id]);
      expect(final).toMatchObject({ status: 'ready', winnerId: null, completedAt: null });
      expect(playersOf(final)).toEqual([ids.D, ids.B]);
      expect((await tournaments.get(account, id)).status).toBe('in_progress');
      expect(Object.values(await finalRanks(id, ids))).toEqual([null, null, null, null]);
      expect(events.typesOf()).toContain('match.corrected');
      expect(events.typesOf().slice(-1)).toEqual(['match.ready']);
    });
  });
});
