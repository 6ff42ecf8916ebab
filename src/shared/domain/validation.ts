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

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 instant with an explicit offset; returns undefined for anything else. */
export function parseInstant(value: string): Date | undefined {
  if (!RFC3339.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A real calendar date YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
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
