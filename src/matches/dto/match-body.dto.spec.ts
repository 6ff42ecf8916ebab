import { RequestValidationPipe } from '../../platform/http/request-validation.pipe';
import { UpdateMatchDto } from './match-body.dto';

describe('UpdateMatchDto', () => {
  const pipe = new RequestValidationPipe();
  const problemsFor = (body: Record<string, unknown>) => {
    try {
      pipe.transform(body, { type: 'body', metatype: UpdateMatchDto });
    } catch (error) {
      return (error as { fieldProblems: unknown }).fieldProblems;
    }
    return [];
  };

  it.each([
    ['a string', ['2', 1]],
    ['a boolean', [true, 1]],
    ['null', [null, 1]],
    ['an object', [{ value: 2 }, 1]],
  ])('says a score that is %s must be a number', (_what, scores) => {
    expect(problemsFor({ scores })).toEqual([{ pointer: '/scores', detail: 'each score must be a number, in opponents order.' }]);
  });

  it('says a score out of range must be within the range', () => {
    expect(problemsFor({ scores: [2e9, 1] })).toEqual([{ pointer: '/scores', detail: 'each score must be from -1000000000 to 1000000000.' }]);
  });

  it('says a rank that is a string must be a number, and a fraction a whole number', () => {
    expect(problemsFor({ ranks: ['1', 2] })).toEqual([{ pointer: '/ranks', detail: 'each rank must be a number, in opponents order.' }]);
    expect(problemsFor({ ranks: [1.5, 2] })).toEqual([{ pointer: '/ranks', detail: 'each rank must be a whole number, in opponents order.' }]);
    expect(problemsFor({ ranks: [0, 2] })).toEqual([{ pointer: '/ranks', detail: 'each rank must be from 1 to 1024.' }]);
  });

  it('accepts scores and ranks within their rules', () => {
    expect(problemsFor({ scores: [2.5, -1] })).toEqual([]);
    expect(problemsFor({ ranks: [2, 1, 3] })).toEqual([]);
  });

  it('says scores that are not an array must be an array', () => {
    expect(problemsFor({ scores: 3 })).toEqual([{ pointer: '/scores', detail: 'scores must be an array of numbers, in opponents order.' }]);
  });
});
