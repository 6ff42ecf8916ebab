import { inTurns } from './in-turns';

describe('inTurns', () => {
  it('calls each item in order, a slice a turn, and lets a timer in between the slices', async () => {
    const seen: string[] = [];
    setTimeout(() => seen.push('timer'), 0);
    await inTurns(['a', 'b', 'c', 'd', 'e'], 2, (item, index) => seen.push(`${item}${index}`));
    expect(seen.filter((entry) => entry !== 'timer')).toEqual(['a0', 'b1', 'c2', 'd3', 'e4']);
    const timer = seen.indexOf('timer');
    expect(timer).toBeGreaterThanOrEqual(2);
    expect(timer).toBeLessThan(seen.length);
  });

  it('takes no extra turn for a list of one slice', async () => {
    const seen: string[] = [];
    setTimeout(() => seen.push('timer'), 0);
    await inTurns([1, 2], 2, (item) => seen.push(String(item)));
    expect(seen).toEqual(['1', '2']);
  });
});
