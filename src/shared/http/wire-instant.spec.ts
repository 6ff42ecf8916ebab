import fc from 'fast-check';
import { wireInstant, wireInstantOrNull } from './wire-instant';

describe('wireInstant', () => {
  it('writes exactly what toISOString writes, for any instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }), (date) => {
        expect(wireInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 5_000 },
    );
  });

  it('pads every part', () => {
    expect(wireInstant(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(wireInstant(new Date('1999-12-31T23:59:59.090Z'))).toBe('1999-12-31T23:59:59.090Z');
  });

  it('throws on an invalid date as toISOString does, and passes null through', () => {
    expect(() => wireInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(wireInstantOrNull(null)).toBeNull();
  });
});
