import type { StagePlay } from '../match/match';
import { qualify, RankedRow, rankAcross } from './qualifiers';

function row(participantId: string, rank: number, points: number, scoreFor = 0, scoreAgainst = 0, seed: number | null = null): RankedRow {
  return { participantId, rank, points, scoreFor, scoreAgainst, seed, played: 3, wins: 0, draws: 0, losses: 0, tiebreakers: [] };
}

const stage = (advance: StagePlay['advance'], decisions: StagePlay['decisions'] = []): StagePlay => ({
  key: 'groups',
  name: 'Groups',
  groups: 3,
  advance,
  seeding: 'snake',
  decisions,
  settings: { format: 'round_robin', rounds: null },
});

describe('qualifiers of a finished stage', () => {
  const tables = () =>
    new Map([
      ['A', [row('a1', 1, 9), row('a2', 2, 6), row('a3', 3, 4, 5, 3, 7), row('a4', 4, 0)]],
      ['B', [row('b1', 1, 7), row('b2', 2, 6), row('b3', 3, 4, 5, 3, 3), row('b4', 4, 0)]],
      ['C', [row('c1', 1, 9), row('c2', 2, 4), row('c3', 3, 3, 9, 1, 1), row('c4', 4, 1)]],
    ]);

  it('takes the top per_group of each group, and ranks the k-th placed across groups by points, score difference, score for, wins, then seed', () => {
    const result = qualify(stage({ perGroup: 2, best: { place: 3, count: 2 } }), tables());
    if (!('sources' in result)) throw new Error('expected qualifiers');
    expect(result.sources.get('A1')).toBe('a1');
    expect(result.sources.get('C2')).toBe('c2');
    // a3 and b3 are level on points, score difference and score for: the better seed (b3, 3) is first; c3 has fewer points.
    expect(result.sources.get('best3:1')).toBe('b3');
    expect(result.sources.get('best3:2')).toBe('a3');
    expect(result.ranked.get('')!.map((one) => [one.participantId, one.rank])).toEqual([
      ['b3', 1],
      ['a3', 2],
      ['c3', 3],
    ]);
    // Seeding by standings: winners by points first (a1 and c1 level: seeds equal, table order), then runners-up, then the best thirds.
    expect([...Array(8)].map((_, index) => result.sources.get(`seed:${index + 1}`))).toEqual(['a1', 'c1', 'b1', 'a2', 'b2', 'c2', 'b3', 'a3']);
  });

  it('waits when rows that share a rank straddle the cut, and an organiser decision orders them with its reason', () => {
    const tied = new Map([['A', [row('x', 1, 6), row('y', 2, 3), row('z', 2, 3)]]]);
    const waiting = qualify({ ...stage({ top: 2 }), groups: 1 }, tied);
    expect(waiting).toEqual({ tie: { group: 'A', participantIds: ['y', 'z'], cut: 2 } });
    const decided = qualify({ ...stage({ top: 2 }, [{ group: 'A', order: ['z', 'y'], reason: 'lots', decidedAt: '2026-11-27T20:00:00.000Z' }]), groups: 1 }, tied);
    if (!('sources' in decided)) throw new Error('expected qualifiers');
    expect(decided.sources.get('A2')).toBe('z');
    expect(decided.ranked.get('A')![1].tiebreakers).toEqual([{ name: 'organiser_decision', value: 1, reason: 'lots' }]);
  });

  it('does not wait for a tie that stays on one side of the cut', () => {
    const tied = new Map([['A', [row('x', 1, 6), row('y', 1, 6), row('z', 3, 3)]]]);
    expect('sources' in qualify({ ...stage({ top: 2 }), groups: 1 }, tied)).toBe(true);
  });

  it('shares a rank across groups only where everything, the seed included, is level', () => {
    expect(rankAcross([row('p', 3, 4, 1, 1), row('q', 3, 4, 1, 1), row('r', 3, 4, 1, 1, 5)]).map((one) => [one.participantId, one.rank])).toEqual([
      ['r', 1],
      ['p', 2],
      ['q', 2],
    ]);
  });
});
