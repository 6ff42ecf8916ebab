import { isReferenceObject, type ReferenceObject } from 'openapi3-ts/oas31';

/** Follows a local reference such as `#/components/schemas/Tournament` (RFC 6901 escapes included). */
export function resolveRef(document: object, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The object itself, or the one its `$ref` points at (throws on a dangling reference). */
export function deref<T extends object>(document: object, value: T | ReferenceObject): T {
  if (!isReferenceObject(value)) return value;
  const target = resolveRef(document, value.$ref);
  if (target === undefined) throw new Error(`Unresolved $ref in the OpenAPI document: ${value.$ref}`);
  return target as T;
}
