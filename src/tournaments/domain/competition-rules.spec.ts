import { InvalidError } from '../../kernel/domain-error';
import { aTournament } from '../testing/a-tournament';
import { effectiveRules } from '../../competition/rules/competition-rules';
import { NewTournament, Tournament } from './tournament';
import { TournamentFieldLockedError } from './tournament-errors';

function problemsOf(work: () => unknown): { pointer: string; detail: string }[] {
  try {
    work();
  } catch (error) {
    if (error instanceof InvalidError) return error.fieldProblems;
    throw error;
  }
  throw new Error('expected a 422');
}

const create = (fields: Partial<NewTournament>) => Tournament.create('account', { name: 'Cup', format: 'round_robin', ...fields } as NewTournament);

describe('competition rules of a tournament', () => {
  it('defaults: round robin 3/1/0 and head to head, score difference, score for; swiss 1/½/0 and Buchholz, Sonneborn-Berger; seed last', () => {
    expect(effectiveRules('round_robin', create({}))).toEqual({
      points: { win: 3, draw: 1, loss: 0 },
      tiebreakers: ['head_to_head_points', 'score_difference', 'score_for', 'seed'],
      legs: 1,
    });
    expect(effectiveRules('swiss', create({ format: 'swiss' }))).toEqual({
      points: { win: 1, draw: 0.5, loss: 0 },
      tiebreakers: ['buchholz', 'sonneborn_berger', 'seed'],
      legs: 1,
    });
    expect(effectiveRules('single_elimination', create({ format: 'single_elimination' }))).toBeNull();
  });

  it('appends seed to a list without it, and fills points left out from the format’s default', () => {
    const tournament = create({ tiebreakers: ['score_difference', 'head_to_head_points'], points: { win: 2 } });
    expect(effectiveRules('round_robin', tournament)).toMatchObject({
      points: { win: 2, draw: 1, loss: 0 },
      tiebreakers: ['score_difference', 'head_to_head_points', 'seed'],
    });
  });

  it('merges a points patch into the points in force (RFC 7396)', () => {
    const tournament = create({ points: { win: 2, draw: 1, loss: 0 } });
    tournament.update({ points: { draw: 0.5 } });
    expect(tournament.points).toEqual({ win: 2, draw: 0.5, loss: 0 });
    tournament.update({ points: null });
    expect(effectiveRules('round_robin', tournament)!.points).toEqual({ win: 3, draw: 1, loss: 0 });
  });

  it('refuses unknown names, misfits, duplicates and seed before the end, each at its index', () => {
    const problems = problemsOf(() => create({ tiebreakers: ['wins', 'goal_average', 'buchholz', 'wins', 'seed', 'score_for'] as never }));
    expect(problems.map((problem) => problem.pointer)).toEqual(['/tiebreakers/1', '/tiebreakers/2', '/tiebreakers/3', '/tiebreakers/4']);
    expect(problems[1].detail).toMatch(/buchholz does not fit round_robin/);
  });

  it('refuses negative points, points that are not halves, legs: 2 outside round robin and rules on other formats', () => {
    expect(problemsOf(() => create({ points: { win: 3, draw: -1, loss: 0 } })).map((problem) => problem.pointer)).toEqual(['/points/draw']);
    expect(problemsOf(() => create({ points: { win: 2.25 } })).map((problem) => problem.pointer)).toEqual(['/points/win']);
    expect(problemsOf(() => create({ format: 'swiss', legs: 2 })).map((problem) => problem.pointer)).toEqual(['/legs']);
    expect(problemsOf(() => create({ format: 'single_elimination', tiebreakers: ['seed'] })).map((problem) => problem.pointer)).toEqual(['/tiebreakers']);
    expect(create({ format: 'swiss', legs: 1 }).legs).toBe(1);
  });

  it('refuses a format change the stored rules do not fit', () => {
    const tournament = create({ legs: 2 });
    expect(problemsOf(() => tournament.update({ format: 'swiss' })).map((problem) => problem.pointer)).toEqual(['/legs']);
  });

  it('locks the rules once play starts (409 field_locked), but the league weight stays editable', () => {
    const tournament = aTournament({ format: 'round_robin', status: 'in_progress' });
    expect(() => tournament.update({ tiebreakers: ['score_for'] })).toThrow(TournamentFieldLockedError);
    expect(() => tournament.update({ points: { win: 2 } })).toThrow(TournamentFieldLockedError);
    expect(() => tournament.update({ legs: 2 })).toThrow(TournamentFieldLockedError);
    expect(tournament.update({ weight: 2 })).toBe(true);
    expect(tournament.weight).toBe(2);
  });

  it('weight: 1 by default; 0 or less is refused', () => {
    expect(create({}).weight).toBe(1);
    expect(problemsOf(() => create({ weight: 0 })).map((problem) => problem.pointer)).toEqual(['/weight']);
    expect(problemsOf(() => create({ weight: -2 })).map((problem) => problem.pointer)).toEqual(['/weight']);
  });
});
