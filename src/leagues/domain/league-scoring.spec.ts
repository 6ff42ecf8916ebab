import { InvalidError } from '../../kernel/domain-error';
import { League } from './league';

function pointersOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldProblems.map((problem) => problem.pointer);
    throw error;
  }
  throw new Error('expected a 422');
}

const create = (fields: Partial<Parameters<typeof League.create>[1]>) => League.create('account', { name: 'Circuit', ...fields });

describe('league scoring', () => {
  it('is placements with the default table unless told otherwise', () => {
    expect(create({})).toMatchObject({ scoring: 'placements', placementPoints: null, countedResults: null });
  });

  it('refuses overlapping, backwards and out-of-order ranges, negative points and counted_results of 0, each at its pointer', () => {
    expect(pointersOf(() => create({ placementPoints: [{ ranks: '1-2', points: 100 }, { ranks: '2-3', points: 50 }] }))).toEqual(['/placement_points/1/ranks']);
    expect(pointersOf(() => create({ placementPoints: [{ ranks: '4-3', points: 50 }] }))).toEqual(['/placement_points/0/ranks']);
    expect(pointersOf(() => create({ placementPoints: [{ ranks: '3', points: 50 }, { ranks: '1', points: 100 }] }))).toEqual(['/placement_points/1/ranks']);
    expect(pointersOf(() => create({ placementPoints: [{ ranks: '1', points: -5 }] }))).toEqual(['/placement_points/0/points']);
    expect(pointersOf(() => create({ placementPoints: [{ ranks: 'first', points: 5 }] }))).toEqual(['/placement_points/0/ranks']);
    expect(pointersOf(() => create({ placementPoints: [] }))).toEqual(['/placement_points']);
    expect(pointersOf(() => create({ countedResults: 0 }))).toEqual(['/counted_results']);
  });

  it('accepts a valid table with gaps between ranges', () => {
    const table = [
      { ranks: '1', points: 100 },
      { ranks: '3-4', points: 50 },
    ];
    expect(create({ placementPoints: table, countedResults: 3 })).toMatchObject({ placementPoints: table, countedResults: 3 });
  });

  it('a sum league takes neither placement points nor counted results; switching to sum clears them', () => {
    expect(pointersOf(() => create({ scoring: 'sum', countedResults: 2 }))).toEqual(['/counted_results']);
    const league = create({ placementPoints: [{ ranks: '1', points: 10 }], countedResults: 2 });
    league.update({ scoring: 'sum' });
    expect(league).toMatchObject({ scoring: 'sum', placementPoints: null, countedResults: null });
  });
});
