import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';

/** Names of Object.prototype members: the keys that trip naive object handling. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'prototype'];

/** The fields a DTO class declares, read from its validation rules (so a new endpoint needs no list of its own). */
export function fieldsOf(dto: new () => object): string[] {
  return [...new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((rule) => rule.propertyName))];
}

const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '🏆'.repeat(30),
  'x'.repeat(5_000),
  '%00',
  '%ZZ',
  "'; drop table tournaments; --",
  '<script>alert(1)</script>',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999-23:59',
  '2026-02-30T00:00:00Z',
  '2026-05-01T18:00:00.000Z',
  '2026-05-01',
  '-1',
  '1e309',
  'NaN',
  'null',
  'Europe/Paris',
  'Not/AZone',
  '00000000-0000-0000-0000-000000000000',
  ...PROTOTYPE_NAMES,
];

/** Strings an attacker or a careless client sends: arbitrary Unicode, plus a catalogue of known troublemakers. */
export const hostileString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const hostileKey = (known: string[]) =>
  fc.oneof(fc.constantFrom(...known, ...PROTOTYPE_NAMES), fc.string({ maxLength: 12 }), fc.constantFrom('a/b', '~0', '\u0000', ''));

/** JSON values of every kind, small and shallow, with hostile strings and keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey([]), tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value;

/** A JSON object built from entries as written, so `__proto__` stays an ordinary key. */
export function objectOf(entries: [string, unknown][]): RawJson {
  return new RawJson(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${serialise(value)}`).join(',')}}`);
}

/** Already-serialised JSON, embedded verbatim by serialise(). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function serialise(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** Request bodies: a hostile JSON value (see hostileItem), sometimes not JSON or not an object at all. */
export function hostileBody(valid: Record<string, unknown>, dto: new () => object): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: hostileItem(valid, dto) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '{', '{"name":', '[]', '"x"', '{"a":1,"a":2}', '\u0000') },
  );
}

/**
 * One JSON value for a request class, a body or an item of a nested collection: mostly a valid one with some
 * fields replaced or added (so hostile values reach the database through accepted fields), sometimes anything
 * at all, including deep nesting and non-objects.
 */
export function hostileItem(valid: Record<string, unknown>, dto: new () => object): fc.Arbitrary<string> {
  const known = fieldsOf(dto);
  const metadata = fc.array(fc.tuple(hostileKey([]), fc.oneof(hostileString, fc.constant(null))), { maxLength: 6 }).map(objectOf);
  const field = fc.tuple(hostileKey(known), fc.oneof({ weight: 3, arbitrary: hostileValue }, { weight: 1, arbitrary: metadata }));
  const edited = fc.array(field, { maxLength: 4 }).map((changes) => {
    const entries = new Map<string, unknown>(Object.entries(valid));
    for (const [key, value] of changes) entries.set(key, value);
    return serialise(objectOf([...entries]));
  });
  return fc.oneof(
    { weight: 6, arbitrary: edited },
    { weight: 1, arbitrary: hostileValue.map(serialise) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 3_000 }).map((depth) => `{"metadata":${'['.repeat(depth)}${']'.repeat(depth)}}`) },
  );
}

/** A body holding a list of hostile items in `field` (a bulk import), up to `maxItems` of them. */
export function hostileList(field: string, item: fc.Arbitrary<string>, maxItems: number): fc.Arbitrary<string> {
  return fc.array(item, { maxLength: maxItems }).map((items) => `{${JSON.stringify(field)}:[${items.join(',')}]}`);
}

/** Every byte of the UTF-8 form percent-encoded (lone surrogates become U+FFFD, where encodeURIComponent throws). */
export function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** Query strings over the DTO's parameters, prototype names and noise; values percent-encoded or raw. */
export function hostileQuery(dto: new () => object): fc.Arbitrary<string> {
  const value = fc.oneof(hostileString.map(percentEncoded), fc.constantFrom('%00', '%ZZ', '%ff', '', '1', '100', '101', '-created_at', 'draft,active'));
  const pair = fc.tuple(hostileKey(fieldsOf(dto)).map((key) => (/^[a-z_]+$/.test(key) ? key : percentEncoded(key))), value);
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

/**
 * Path ids: real-looking UUIDs in odd spellings, long ids, bad percent-encoding and noise. No dot segments
 * (`..`, `%2e%2e`): clients resolve those before sending, so they address the parent, not an id.
 */
export const hostileId = fc.oneof(
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}%00`),
  fc.constantFrom('%ZZ', '%ff', '%2F', 'x'.repeat(150), ' ', '%20', '00000000-0000-0000-0000-000000000000', ...PROTOTYPE_NAMES),
  fc.string({ maxLength: 60 }).filter((id) => id !== '.' && id !== '..').map(percentEncoded),
);

/** Header values a client may send (visible ASCII and spaces: anything else Node refuses before us). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
  fc.constantFrom('*', '"v1"', 'W/"v1"', '"v1", "v2"', '"v1.0"', '"v1.77"', '"', ',', 'application/json', 'application/merge-patch+json', 'text/plain', 'Bearer', 'Bearer tlm_x'),
);

/** Headers the API reads, with hostile values (the token is replaced only sometimes, so most requests get past authentication). */
export function hostileHeaders(token: string): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'if-match': headerText,
      'if-none-match': headerText,
      'idempotency-key': headerText,
      'content-type': fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: headerText }),
      authorization: fc.oneof({ weight: 4, arbitrary: fc.constant(`Bearer ${token}`) }, { weight: 1, arbitrary: headerText }),
      'x-request-id': headerText,
      accept: headerText,
    },
    { requiredKeys: ['authorization', 'content-type'] },
  );
}
