import fc from 'fast-check';
import { parseTimestamptz } from './pg-timestamp';

/** What PostgreSQL writes for a timestamptz in a UTC session: microseconds, trailing zeros (and a zero fraction) left out. */
function asPostgresWrites(date: Date, micros: number): string {
  const iso = date.toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL writes as the Date constructor does, for any instant of years 1000-9999', () => {
    const instants = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 999 }), (date, micros) => {
        const text = asPostgresWrites(date, micros);
        expect(parseTimestamptz(text).getTime()).toBe(date.getTime());
        expect(parseTimestamptz(text).getTime()).toBe(new Date(text).getTime());
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads each fraction length, truncating past milliseconds', () => {
    expect(parseTimestamptz('2026-11-23 18:00:05+00').toISOString()).toBe('2026-11-23T18:00:05.000Z');
    expect(parseTimestamptz('2026-11-23 18:00:05.5+00').toISOString()).toBe('2026-11-23T18:00:05.500Z');
    expect(parseTimestamptz('2026-11-23 18:00:05.12+00').toISOString()).toBe('2026-11-23T18:00:05.120Z');
    expect(parseTimestamptz('2026-11-23 18:00:05.123999+00').toISOString()).toBe('2026-11-23T18:00:05.123Z');
  });

  it('leaves any other form to the Date constructor', () => {
    for (const text of ['2026-11-23 19:00:05.5+01', '2026-11-23 13:30:05-04:30', '0099-01-01 00:00:00+00', '2026-11-23T18:00:05Z', '2026-11-23 18:0x:05+00', '2026-11-23 18:00:05.1a+00']) {
      const expected = new Date(text).getTime();
      expect(Number.isNaN(expected) ? Number.isNaN(parseTimestamptz(text).getTime()) : parseTimestamptz(text).getTime() === expected).toBe(true);
    }
    expect(parseTimestamptz('infinity').getTime()).toBeNaN();
  });
});
