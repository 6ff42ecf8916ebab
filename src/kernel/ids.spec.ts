import fc from 'fast-check';
import { isUuid, newId } from './ids';

describe('newId', () => {
  it('is a version 7 UUID carrying the millisecond timestamp, with the RFC 9562 variant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (now) => {
        const id = newId(now);
        expect(isUuid(id)).toBe(true);
        expect(id[14]).toBe('7');
        expect('89ab').toContain(id[19]);
        expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
      }),
    );
  });

  it('orders by creation time and never repeats', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => newId(1_767_225_600_000 + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    const prefixes = ids.map((id) => id.slice(0, 13));
    expect([...prefixes].sort()).toEqual(prefixes);
  });
});
