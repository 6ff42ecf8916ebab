/**
 * An instant as the API writes it (RFC 3339, UTC, milliseconds): what
 * `toISOString()` gives for years 1000–9999, more cheaply. A list page writes
 * many instants; building each from its 24 character codes makes one string,
 * where a template literal made a dozen intermediate ones. The calendar fields
 * come from the time value by integer arithmetic rather than seven `getUTC…`
 * calls that each break the time value down again.
 * Other years (and invalid dates) go to `toISOString()` itself.
 */
export function wireInstant(date: Date): string {
  const time = date.getTime();
  if (!(time >= FIRST_FAST && time <= LAST_FAST)) return date.toISOString();
  const days = Math.floor(time / DAY_MS);
  let ms = time - days * DAY_MS;
  const { year, month, day } = civilDate(days);
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = Math.floor(ms / 1000);
  ms -= seconds * 1000;
  return String.fromCharCode(
    digit(year, 1000), digit(year, 100), digit(year, 10), digit(year, 1), DASH,
    digit(month, 10), digit(month, 1), DASH,
    digit(day, 10), digit(day, 1), T,
    digit(hours, 10), digit(hours, 1), COLON,
    digit(minutes, 10), digit(minutes, 1), COLON,
    digit(seconds, 10), digit(seconds, 1), DOT,
    digit(ms, 100), digit(ms, 10), digit(ms, 1), Z,
  );
}

const DAY_MS = 86_400_000;
const FIRST_FAST = Date.UTC(1000, 0, 1);
const LAST_FAST = Date.UTC(10_000, 0, 1) - 1;

/** The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil_from_days, in 400-year eras). */
function civilDate(days: number): { year: number; month: number; day: number } {
  const shifted = days + 719_468; // days since 0000-03-01: leap days fall at the end of a year
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1 };
}

export function wireInstantOrNull(date: Date | null): string | null {
  return date ? wireInstant(date) : null;
}

const [ZERO, DASH, T, COLON, DOT, Z] = ['0', '-', 'T', ':', '.', 'Z'].map((character) => character.charCodeAt(0));

/** The character code of the decimal digit of `value` worth `unit` (1000, 100, 10 or 1). */
function digit(value: number, unit: number): number {
  return ZERO + (Math.trunc(value / unit) % 10);
}
