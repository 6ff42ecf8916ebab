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

  it('writes exactly what toISOString writes, for any instant of the years it writes by itself (1000–9999)', () => {
    const years = (from: number, to: number) => fc.integer({ min: Date.UTC(from, 0, 1), max: Date.UTC(to, 0, 1) - 1 }).map((time) => new Date(time));
    fc.assert(
      fc.property(fc.oneof(years(1000, 10_000), years(1999, 2101)), (date) => {
        expect(wireInstant(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('pads every part, and knows leap days and the ends of its range', () => {
    expect(wireInstant(new Date('2024-02-29T23:59:59.999Z'))).toBe('2024-02-29T23:59:59.999Z');
    expect(wireInstant(new Date('2000-03-01T00:00:00.000Z'))).toBe('2000-03-01T00:00:00.000Z');
    expect(wireInstant(new Date('1000-01-01T00:00:00.000Z'))).toBe('1000-01-01T00:00:00.000Z');
    expect(wireInstant(new Date('9999-12-31T23:59:59.999Z'))).toBe('9999-12-31T23:59:59.999Z');
    expect(wireInstant(new Date('0999-12-31T23:59:59.999Z'))).toBe('0999-12-31T23:59:59.999Z');
    expect(wireInstant(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(wireInstant(new Date('1999-12-31T23:59:59.090Z'))).toBe('1999-12-31T23:59:59.090Z');
  });

  it('throws on an invalid date as toISOString does, and passes null through', () => {
    expect(() => wireInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(wireInstantOrNull(null)).toBeNull();
  });
});
