import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../kernel/domain-error';
import { StaticCursors } from '../platform/pagination/cursors';
import { rankingBy } from '../matches/league-results.adapter';
import { effectiveRules } from '../competition/rules/competition-rules';
import { TournamentFormat } from '../tournaments/domain/tournament';
import { CompletedTournament, LeagueResults } from './domain/league-results';
import { LeagueStandingsService } from './league-standings.service';
import { LeaguesService } from './leagues.service';
import { aLeague } from './testing/a-league';
import { InMemoryLeagueRepository } from './testing/in-memory-league.repository';
import { InMemoryEventLog } from '../events/testing/in-memory-event-log';
import { ImmediateUnitOfWork } from '../platform/persistence/unit-of-work';

/** The port as a test double: the tournaments it was given, and what each call asked for. */
class GivenResults extends LeagueResults {
  readonly asked: { leagueId: string; withMatches: boolean }[] = [];

  constructor(private readonly tournaments: CompletedTournament[]) {
    super();
  }

  async completedTournaments(_accountId: string, leagueId: string, options: { withMatches: boolean }): Promise<CompletedTournament[]> {
    this.asked.push({ leagueId, ...options });
    return this.tournaments;
  }
}

function completed(id: string, format: TournamentFormat, ranking: string[]): CompletedTournament {
  const rules = effectiveRules(format, { points: null, tiebreakers: null, legs: null });
  return {
    id,
    name: id,
    format,
    startedAt: new Date('2026-03-01T10:00:00.000Z'),
    completedAt: new Date('2026-03-01T18:00:00.000Z'),
    weight: 1,
    rankByRules: rules && rankingBy(rules),
    entrants: ranking.map((name, index) => ({ participantId: `${id}-${name}`, name, externalId: null, seed: null, finalRank: index + 1 })),
    table: [],
    matches: [],
  };
}

describe('LeagueStandingsService', () => {
  const accountId = randomUUID();
  let repository: InMemoryLeagueRepository;
  let leagues: LeaguesService;

  beforeEach(() => {
    repository = new InMemoryLeagueRepository();
    leagues = new LeaguesService(repository, new StaticCursors('a-test-secret-that-is-long-enough-000'), new ImmediateUnitOfWork(), new InMemoryEventLog());
  });

  it('ranks a placements league by its own table, without asking for matches', async () => {
    const league = aLeague({ accountId, placementPoints: [{ ranks: '1', points: 5 }], countedResults: null });
    await repository.add(league);
    const results = new GivenResults([completed('t1', 'single_elimination', ['Ann', 'Bob'])]);
    const standings = await new LeagueStandingsService(leagues, results).standings(accountId, league.id);
    expect(results.asked).toEqual([{ leagueId: league.id, withMatches: false }]);
    expect(standings.placements.map((row) => [row.competitor, row.points])).toEqual([
      ['ann', 5],
      ['bob', 0],
    ]);
  });

  it('asks a sum league’s results for matches, and lists only the tournaments with tables', async () => {
    const league = aLeague({ accountId, scoring: 'sum' });
    await repository.add(league);
    const results = new GivenResults([completed('t1', 'single_elimination', ['Ann']), completed('t2', 'round_robin', [])]);
    const standings = await new LeagueStandingsService(leagues, results).standings(accountId, league.id);
    expect(results.asked).toEqual([{ leagueId: league.id, withMatches: true }]);
    expect(standings.tournaments.map((tournament) => tournament.id)).toEqual(['t2']);
  });

  it('is 404 for another account’s league, before reading any result', async () => {
    const league = aLeague({ accountId });
    await repository.add(league);
    const results = new GivenResults([]);
    await expect(new LeagueStandingsService(leagues, results).standings(randomUUID(), league.id)).rejects.toThrow(NotFoundError);
    expect(results.asked).toEqual([]);
  });
});
