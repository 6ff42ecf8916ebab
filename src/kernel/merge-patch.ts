import { InvalidError } from './domain-error';
import { METADATA_LIMITS } from './validation';

/** Integrators' own references on a resource: string → string. */
export type Metadata = Record<string, string>;
/** Metadata in a merge patch: a null value removes its key, null for the whole object clears it. */
export type MetadataPatch = Record<string, string | null> | null;

/** A JSON merge patch (RFC 7396) of a resource's writable fields: absent = unchanged, null clears. */
export type MergePatch<F extends { metadata: Metadata }> = Partial<Omit<F, 'metadata'>> & { metadata?: MetadataPatch };

/** A resource's settable fields as they are now, read by the one list that names them (its wire names' keys). */
export function currentFields<R, K extends keyof R>(resource: R, fields: readonly K[]): Pick<R, K> {
  const current = {} as Pick<R, K>;
  for (const field of fields) current[field] = resource[field];
  return current;
}

/** The fields after a merge patch: keys present replace, absent keys keep their value, metadata merges key by key. */
export function applyMergePatch<F extends { metadata: Metadata }>(current: F, changes: MergePatch<F>): F {
  const { metadata, ...rest } = changes;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return { ...current, ...defined, metadata: mergeMetadata(current.metadata, metadata) };
}

/** RFC 7396 on the metadata object: null clears it, a null value removes a key. */
export function mergeMetadata(current: Metadata, patch: MetadataPatch | undefined): Metadata {
  if (patch === undefined) return current;
  if (patch === null) return {};
  // Without a prototype, a key such as `__proto__` or `constructor` is stored as a plain key like any other (spec §5).
  const merged: Metadata = Object.assign(Object.create(null) as Metadata, current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The key limit holds for the merged result, not just for the patch. */
export function checkMetadataSize(metadata: Metadata): void {
  if (Object.keys(metadata).length > METADATA_LIMITS.maxKeys) {
    throw InvalidError.field('/metadata', `must have at most ${METADATA_LIMITS.maxKeys} keys.`);
  }
}

/** Equality of field values: Dates by instant, objects by content (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
  return a === b;
}

function sortKeys(value: object): object {
  return Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}
