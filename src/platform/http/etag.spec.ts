import { etagFor, ifMatchPrecondition } from './etag';

describe('If-Match (RFC 9110 §13.1.1)', () => {
  const league = { version: 2, tournamentCount: 3 };
  const etagOf = (entity: typeof league) => etagFor(entity.version, entity.tournamentCount);
  const holds = (header: string) => {
    const precondition = ifMatchPrecondition(header, etagOf);
    return precondition === 'any' || (typeof precondition === 'function' && precondition(league));
  };

  it('is absent without the header', () => {
    expect(ifMatchPrecondition(undefined, etagOf)).toBeUndefined();
  });

  it.each([
    ['"v2.3"', true],
    ['*', true],
    ['"v9", "v2.3"', true],
    ['"v9","v2.3"', true],
    ['"v2"', false],
    ['"v2.3.1"', false],
    ['"v2.37"', false],
    ['W/"v2.3"', false],
    ['W/"v2.3", "v2.3"', true],
    ['v2.3', false],
    ['"v2.3", *', false],
    ['', false],
  ])('%s → %s', (header, expected) => {
    expect(holds(header)).toBe(expected);
  });
});
