/**
 * A timestamptz as PostgreSQL writes it to a UTC session (MikroORM's `forceUtcTimezone`) as a Date:
 * `2026-11-23 18:00:05.123456+00`, the fraction optional and up to six digits. Read by hand, since the
 * Date constructor's fallback parser is slow for this form and a list page holds many of them;
 * anything else (another offset, a year outside 1000–9999, infinity) still goes to it. Milliseconds are
 * truncated, as the Date constructor does.
 */
export function parseTimestamptz(text: string): Date {
  const ms = utcMilliseconds(text);
  return new Date(Number.isNaN(ms) ? text : ms);
}

const SHORTEST = '2026-11-23 18:00:05+00'.length;
const LONGEST = '2026-11-23 18:00:05.123456+00'.length;
const [ZERO, NINE, DASH, SPACE, COLON, DOT, PLUS] = ['0', '9', '-', ' ', ':', '.', '+'].map((character) => character.charCodeAt(0));

function utcMilliseconds(text: string): number {
  const length = text.length;
  // Where "+00" starts; a fraction, when there is one, runs from index 20 up to here.
  const offsetAt = length - 3;
  const hasFraction = length > SHORTEST;
  if (length < SHORTEST || length > LONGEST || length === SHORTEST + 1) return Number.NaN;
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== SPACE) return Number.NaN;
  if (text.charCodeAt(13) !== COLON || text.charCodeAt(16) !== COLON) return Number.NaN;
  if (text.charCodeAt(offsetAt) !== PLUS || text.charCodeAt(offsetAt + 1) !== ZERO || text.charCodeAt(offsetAt + 2) !== ZERO) return Number.NaN;
  if (hasFraction && (text.charCodeAt(19) !== DOT || Number.isNaN(digits(text, 20, offsetAt - 20)))) return Number.NaN;
  const year = digits(text, 0, 4);
  if (!(year >= 1000)) return Number.NaN;
  const ms = hasFraction ? milliseconds(text, offsetAt) : 0;
  // A non-digit in any other field is NaN here, and NaN makes the result NaN.
  return Date.UTC(year, digits(text, 5, 2) - 1, digits(text, 8, 2), digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2), ms);
}

/** The fraction's first three digits as milliseconds: ".5" is 500, ".123456" is 123. */
function milliseconds(text: string, offsetAt: number): number {
  let ms = 0;
  for (let place = 0; place < 3 && 20 + place < offsetAt; place++) ms += (text.charCodeAt(20 + place) - ZERO) * MS_PLACES[place];
  return ms;
}

const MS_PLACES = [100, 10, 1];

/** The decimal number written at text[start, start + count); NaN if a character there is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) return Number.NaN;
    value = value * 10 + (code - ZERO);
  }
  return value;
}
