import { rankingBy } from '../../matches/league-results.adapter';
import { effectiveRules } from '../../competition/rules/competition-rules';
import { CompletedTournament, LeagueEntrant } from './league-results';
import { placementsTable, sumTable } from './league-standings';

const TABLE = [
  { ranks: '1', points: 100 },
  { ranks: '2', points: 70 },
  { ranks: '3-4', points: 50 },
  { ranks: '5-8', points: 25 },
];

type Entrant = [name: string, externalId: string | null, rank: number];

function tournament(index: number, entrants: Entrant[], weight = 1): CompletedTournament {
  return {
    id: `t${index}`,
    name: `Open ${index}`,
    format: 'free_for_all',
    startedAt: new Date(Date.UTC(2026, 0, index)),
    completedAt: new Date(Date.UTC(2026, 0, index, 20)),
    weight,
    rankByRules: null,
    entrants: entrants.map(([name, externalId, finalRank], seat): LeagueEntrant => ({ participantId: `t${index}p${seat}`, name, externalId, seed: null, finalRank })),
    table: [],
    matches: [],
  };
}

/**
 * Five opens; the third is a major (weight 2). Ann is joined by her external id (her name differs once), Bob by
 * his name in any case. Points by hand (table 100/70/50/50/25…, the major doubled):
 *   Ann  T1 1st 100, T2 2nd 70, T3 3rd 50×2 = 100, T4 1st 100, T5 3rd 50  → best 3: T1 + T3 + T4 = 300 (all 5: 420)
 *   Bob  T1 2nd 70,  T2 1st 100, T3 3rd 100,        T4 3rd 50,  T5 2nd 70  → best 3: T2 + T3 + T1 = 270 (T1 before T5 at 70; all 5: 390)
 *   Cy   T1 3rd 50,  T2 3rd 50,  T3 1st 200,        T4 2nd 70,  T5 3rd 50  → best 3: T3 + T4 + T1 = 320 (all 5: 420)
 *   Dee  T1 3rd 50,  T2 3rd 50,  T3 2nd 140,        T4 3rd 50,  T5 1st 100 → best 3: T3 + T5 + T1 = 290 (all 5: 390)
 *   Eve  T5 5th 25                                                       → 25
 */
const SEASON = [
  tournament(1, [['Ann', 'p-ann', 1], ['Bob', null, 2], ['Cy', null, 3], ['Dee', null, 3]]),
  tournament(2, [['Bob', null, 1], ['Ann B.', 'p-ann', 2], ['Dee', null, 3], ['Cy', null, 3]]),
  tournament(3, [['Cy', null, 1], ['Dee', null, 2], ['Ann', 'p-ann', 3], ['BOB', null, 3]], 2),
  tournament(4, [['Ann', 'p-ann', 1], ['Cy', null, 2], ['bob', null, 3], ['Dee', null, 3]]),
  tournament(5, [['Dee', null, 1], ['Bob', null, 2], ['Ann', 'p-ann', 3], ['Cy', null, 3], ['Eve', null, 5]]),
];

describe('a placements league over five tournaments', () => {
  it('counts each competitor’s best 3 results, the major doubled', () => {
    const rows = placementsTable(SEASON, TABLE, 3);
    expect(rows.map((row) => [row.rank, row.competitor, row.name, row.points])).toEqual([
      [1, 'cy', 'Cy', 320],
      [2, 'p-ann', 'Ann', 300],
      [3, 'dee', 'Dee', 290],
      [4, 'bob', 'Bob', 270],
      [5, 'eve', 'Eve', 25],
    ]);
    const bob = rows.find((row) => row.competitor === 'bob')!;
    expect(bob.results.map((result) => [result.tournamentId, result.rank, result.points, result.counted])).toEqual([
      ['t1', 2, 70, true],
      ['t2', 1, 100, true],
      ['t3', 3, 100, true],
      ['t4', 3, 50, false],
      ['t5', 2, 70, false],
    ]);
  });

  it('without a limit every result counts, and ties break on tournaments won, best placement, then the most recent placement', () => {
    const rows = placementsTable(SEASON, TABLE, null);
    expect(rows.map((row) => [row.rank, row.competitor, row.points])).toEqual([
      [1, 'p-ann', 420],
      [2, 'cy', 420],
      [3, 'dee', 390],
      [4, 'bob', 390],
      [5, 'eve', 25],
    ]);
    const values = (competitor: string) => rows.find((row) => row.competitor === competitor)!.tiebreakers;
    expect(values('p-ann')).toEqual([
      { name: 'tournaments_won', value: 2 },
      { name: 'best_placement', value: 1 },
      { name: 'most_recent_placement', value: 3 },
    ]);
    expect(values('cy')[0]).toEqual({ name: 'tournaments_won', value: 1 });
    // Dee and Bob: one win each, best placement 1 each; in their latest tournament Dee was 1st, Bob 2nd.
    expect(values('dee')[2]).toEqual({ name: 'most_recent_placement', value: 1 });
    expect(values('bob')[2]).toEqual({ name: 'most_recent_placement', value: 2 });
  });

  it('competitors level on everything share a rank; a rank below the table earns nothing', () => {
    const rows = placementsTable([tournament(1, [['A', null, 3], ['B', null, 3], ['C', null, 9]])], TABLE, null);
    expect(rows.map((row) => [row.rank, row.competitor, row.points])).toEqual([
      [1, 'a', 50],
      [1, 'b', 50],
      [3, 'c', 0],
    ]);
  });
});

describe('a sum league', () => {
  const rankByRules = rankingBy(effectiveRules('round_robin', { points: null, tiebreakers: null, legs: null })!);
  function division(index: number, table: [string, number, number, number, number, number][], matches: [string, string, number, number][]): CompletedTournament {
    const base = tournament(index, table.map(([name]) => [name, null, 1]));
    const idOf = (name: string) => base.entrants.find((entrant) => entrant.name === name)!.participantId;
    return {
      ...base,
      format: 'round_robin',
      rankByRules,
      table: table.map(([name, wins, draws, losses, scoreFor, scoreAgainst]) => ({
        participantId: idOf(name),
        played: wins + draws + losses,
        wins,
        draws,
        losses,
        points: 3 * wins + draws,
        scoreFor,
        scoreAgainst,
      })),
      matches: matches.map(([a, b, x, y]) => ({
        opponents: [
          { participantId: idOf(a), score: x, result: x > y ? 'win' : x < y ? 'loss' : 'draw' },
          { participantId: idOf(b), score: y, result: y > x ? 'win' : y < x ? 'loss' : 'draw' },
        ],
      })),
    };
  }

  it('adds up the tables and breaks the tie head to head across both stages', () => {
    const stage1 = division(1, [['Ann', 1, 0, 0, 2, 0], ['Bob', 0, 0, 1, 0, 2]], [['Ann', 'Bob', 2, 0]]);
    const stage2 = division(2, [['Ann', 0, 0, 1, 0, 5], ['bob', 1, 0, 0, 5, 0]], [['bob', 'Ann', 5, 0]]);
    const rows = sumTable([stage1, stage2, tournament(3, [['Ann', null, 1]])]);
    // 3 points each; head to head 3 each; Bob's score difference +3 beats Ann's -3.
    expect(rows.map((row) => [row.rank, row.competitor, row.points, row.played, row.wins, row.losses, row.scoreFor, row.scoreAgainst, row.tournaments])).toEqual([
      [1, 'bob', 3, 2, 1, 1, 5, 2, 2],
      [2, 'ann', 3, 2, 1, 1, 2, 5, 2],
    ]);
    expect(rows[0].tiebreakers.slice(0, 2)).toEqual([
      { name: 'head_to_head_points', value: 3 },
      { name: 'score_difference', value: 3 },
    ]);
  });
});
