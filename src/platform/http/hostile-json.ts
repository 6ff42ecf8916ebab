/**
 * Checks on parsed JSON and query values that the DTO rules cannot express:
 * nesting depth (refused before anything recursive walks the value), the
 * NUL character, which PostgreSQL cannot store in text or jsonb, and lone surrogates.
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
  return containsTextWhere(value, hasNul);
}

/** JSON Pointers (RFC 6901) of every string, object key included, that contains U+0000. */
export function pointersWithNul(value: unknown): string[] {
  return pointersToTextWhere(value, hasNul);
}

/**
 * JSON Pointers of every string, object key included, holding a UTF-16 surrogate without its pair (JSON's
 * `"\ud800"`): not Unicode text, so PostgreSQL would store U+FFFD in its place and the client read back
 * something other than what it was told was saved.
 */
export function pointersWithLoneSurrogate(value: unknown): string[] {
  return pointersToTextWhere(value, hasLoneSurrogate);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

function containsTextWhere(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsTextWhere(item, test));
  for (const key in value) if (test(key) || containsTextWhere((value as Record<string, unknown>)[key], test)) return true;
  return false;
}

function pointersToTextWhere(value: unknown, test: (text: string) => boolean, pointer = ''): string[] {
  if (!containsTextWhere(value, test)) return [];
  if (typeof value === 'string') return [pointer];
  const found: string[] = [];
  for (const key of Object.keys(value as object)) {
    const child = `${pointer}/${escapePointerSegment(key)}`;
    if (test(key)) found.push(child);
    else found.push(...pointersToTextWhere((value as Record<string, unknown>)[key], test, child));
  }
  return found;
}

/** RFC 6901: escape "~" and "/" inside a segment. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
