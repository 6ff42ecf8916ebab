import { bestOfProblems, highestBestOf } from '../../competition/rules/best-of';
import { Tournament } from './tournament';

describe('best_of on a tournament', () => {
  it.each([
    ['single_elimination', 3, []],
    ['single_elimination', 4, ['/best_of']],
    ['double_elimination', { default: 3, rounds: { grand_final: 5, final: 5 } }, []],
    ['round_robin', 2, []],
    ['swiss', 4, []],
    ['free_for_all', 3, ['/best_of']],
    ['free_for_all', 1, []],
    ['round_robin', 0, ['/best_of']],
    ['round_robin', 10, ['/best_of']],
    ['round_robin', 2.5, ['/best_of']],
    ['single_elimination', { default: 3, rounds: { final: 5, semi_final: 5, quarter_final: 3, '1': 1 } }, []],
    ['single_elimination', { default: 2, rounds: {} }, ['/best_of/default']],
    ['single_elimination', { default: 3, rounds: { grand_final: 5 } }, ['/best_of/rounds/grand_final']],
    ['round_robin', { default: 3, rounds: { final: 5 } }, ['/best_of/rounds/final']],
    ['round_robin', { default: 2, rounds: { '3': 4 } }, []],
    ['single_elimination', { default: 3, rounds: { final: 6, last: 3, '0': 1 } }, ['/best_of/rounds/0', '/best_of/rounds/final', '/best_of/rounds/last']],
  ] as const)('%s with %j: problems at %j', (format, value, pointers) => {
    expect(bestOfProblems(format, value).map((problem) => problem.pointer)).toEqual(pointers);
  });

  it('defaults to 1, and a tournament refuses a best_of its format cannot play at its pointer', () => {
    expect(Tournament.create('a', { name: 'Cup', format: 'single_elimination' }).bestOf).toBeNull();
    expect(() => Tournament.create('a', { name: 'Cup', format: 'single_elimination', bestOf: 2 })).toThrow(
      expect.objectContaining({ fieldProblems: [{ pointer: '/best_of', detail: expect.stringMatching(/even best_of may end level/) }] }),
    );
    const chess = Tournament.create('a', { name: 'Chess', format: 'round_robin', bestOf: 2 });
    expect(() => chess.update({ format: 'single_elimination' })).toThrow(expect.objectContaining({ fieldProblems: [expect.objectContaining({ pointer: '/best_of' })] }));
    expect(highestBestOf({ default: 1, rounds: { final: 5 } })).toBe(5);
  });
});
