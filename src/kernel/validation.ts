/** Small checks shared by the domain objects of several modules. */

export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/i;

/** Instants PostgreSQL stores and RFC 3339 can write back: years 0001 to 9999 in UTC. */
// Date.UTC maps years 0–99 to 1900–1999, so set year 1 explicitly.
const FIRST_STORABLE = new Date(0).setUTCFullYear(1, 0, 1);
const LAST_STORABLE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * An RFC 3339 instant with an explicit offset, on a real calendar day and clock
 * time (no 2026-02-30, no 24:00) and within years 0001–9999 once in UTC;
 * returns undefined for anything else.
 */
export function parseInstant(value: string): Date | undefined {
  const parts = RFC3339.exec(value);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  if (parts[8] && (Number(parts[9]) > 23 || Number(parts[10]) > 59)) return undefined;
  const date = new Date(value);
  const time = date.getTime();
  return Number.isNaN(time) || time < FIRST_STORABLE || time > LAST_STORABLE ? undefined : date;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** A real calendar date YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  // PostgreSQL has no year 0000.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const METADATA_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 500 } as const;

/** Integrators' own references: string → string, bounded. Returns a problem per offending key. */
export function metadataProblems(metadata: Record<string, unknown>): { key: string | null; detail: string }[] {
  const problems: { key: string | null; detail: string }[] = [];
  const keys = Object.keys(metadata);
  if (keys.length > METADATA_LIMITS.maxKeys) problems.push({ key: null, detail: `must have at most ${METADATA_LIMITS.maxKeys} keys.` });
  for (const key of keys) {
    const value = metadata[key];
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength) {
      problems.push({ key, detail: `keys must be 1 to ${METADATA_LIMITS.maxKeyLength} characters long.` });
    } else if (typeof value !== 'string') {
      problems.push({ key, detail: 'values must be strings.' });
    } else if (value.length > METADATA_LIMITS.maxValueLength) {
      problems.push({ key, detail: `values must be at most ${METADATA_LIMITS.maxValueLength} characters long.` });
    }
  }
  return problems;
}

/** C0 and C1 control characters and DEL: never part of a name, an email or a password someone typed. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** Length as people count it: characters (code points), so an emoji is one, not two UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _character of value) count++;
  return count;
}
