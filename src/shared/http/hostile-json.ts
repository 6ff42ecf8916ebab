/**
 * Checks on parsed JSON and query values that the DTO rules cannot express:
 * nesting depth (refused before anything recursive walks the value) and the
 * NUL character, which PostgreSQL cannot store in text or jsonb.
 */

/** Request bodies are at most two levels deep (a field holding metadata); anything near this limit is hostile. */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `maxDepth` levels deep. Recursion is bounded by `maxDepth`. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (maxDepth === 0) return true;
  if (Array.isArray(value)) return value.some((item) => nestedDeeperThan(item, maxDepth - 1));
  for (const key in value) if (nestedDeeperThan((value as Record<string, unknown>)[key], maxDepth - 1)) return true;
  return false;
}

/** Whether any string in `value`, object keys included, contains U+0000. Allocates nothing: the common case is "no". */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(containsNul);
  for (const key in value) if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** JSON Pointers (RFC 6901) of every string, object key included, that contains U+0000. */
export function pointersWithNul(value: unknown, pointer = ''): string[] {
  if (!containsNul(value)) return [];
  if (typeof value === 'string') return [pointer];
  const found: string[] = [];
  for (const key of Object.keys(value as object)) {
    const child = `${pointer}/${escapePointerSegment(key)}`;
    if (key.includes('\u0000')) found.push(child);
    else found.push(...pointersWithNul((value as Record<string, unknown>)[key], child));
  }
  return found;
}

/** RFC 6901: escape "~" and "/" inside a segment. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
