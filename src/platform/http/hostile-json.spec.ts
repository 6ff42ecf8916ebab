import { hasLoneSurrogate, MAX_JSON_DEPTH, nestedDeeperThan, pointersWithLoneSurrogate, pointersWithNul } from './hostile-json';

describe('hostile JSON checks', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: [nested(depth - 1)] });

  it.each([
    [{ a: 1 }, 1, false],
    [{ a: { b: 1 } }, 1, true],
    [[[[]]], 3, false],
    [[[[[]]]], 3, true],
    ['x', 0, false],
  ])('nestedDeeperThan(%j, %i) is %s', (value, max, expected) => {
    expect(nestedDeeperThan(value, max)).toBe(expected);
  });

  it('stops at the limit instead of walking the whole depth', () => {
    expect(nestedDeeperThan(nested(5_000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nested(10), MAX_JSON_DEPTH)).toBe(false);
  });

  it('points at every string and key holding NUL, escaping ~ and /', () => {
    const body = JSON.parse('{"name":"a\\u0000","ok":"b","metadata":{"a/b":"\\u0000","k\\u0000":"v","~":["x","\\u0000"]},"__proto__":"\\u0000"}');
    expect(pointersWithNul(body)).toEqual(['/name', '/metadata/a~1b', '/metadata/k\u0000', '/metadata/~0/1', '/__proto__']);
    expect(pointersWithNul({ clean: ['strings', { only: true }] })).toEqual([]);
  });

  it.each([
    ['a high surrogate alone', '\ud800', true],
    ['a low surrogate alone', 'x\udc00', true],
    ['a low before its high', '\udc00\ud800', true],
    ['a high at the end', 'ok\ud83c', true],
    ['a pair (an emoji)', 'GG 🎲', false],
    ['plain text', 'Zoë', false],
  ])('tells %s (%j): %s', (_what, text, lone) => {
    expect(hasLoneSurrogate(text)).toBe(lone);
  });

  it('points at every string and key holding a lone surrogate', () => {
    const body = JSON.parse('{"name":"\\ud800","ok":"\\ud83c\\udfb2","metadata":{"k\\udc00":"v","list":["x","a\\udbff"]}}');
    expect(pointersWithLoneSurrogate(body)).toEqual(['/name', '/metadata/k\udc00', '/metadata/list/1']);
  });
});
