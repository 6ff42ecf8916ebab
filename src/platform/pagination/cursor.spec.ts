import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson, CursorCodec, HmacSha256 } from './cursor';

describe('CursorCodec', () => {
  const codec = new CursorCodec('a-test-secret-that-is-long-enough-000');
  const query = { sort: '-created_at', status: ['draft'] };
  const position = { value: '2026-05-01T18:00:00.000Z', id: '0190a0b8-0000-7000-8000-000000000001' };

  it('round-trips a position for the same query', () => {
    const cursor = codec.encode(position, query);
    expect(codec.decode(cursor, { status: ['draft'], sort: '-created_at' })).toEqual(position);
  });

  it('is opaque: no readable field names or values', () => {
    expect(codec.encode(position, query)).not.toMatch(/created_at|draft/);
  });

  it('refuses a cursor replayed against another query', () => {
    const cursor = codec.encode(position, query);
    expect(codec.decode(cursor, { ...query, status: ['completed'] })).toBeUndefined();
  });

  it('refuses a tampered payload, a forged signature and garbage', () => {
    const cursor = codec.encode(position, query);
    const [payload, signature] = cursor.split('.');
    const tampered = Buffer.from(payload, 'base64url').toString().replace('0001', '0002');
    expect(codec.decode(`${Buffer.from(tampered).toString('base64url')}.${signature}`, query)).toBeUndefined();
    expect(codec.decode(`${payload}.${'A'.repeat(signature.length)}`, query)).toBeUndefined();
    expect(codec.decode('not-a-cursor', query)).toBeUndefined();
    expect(codec.decode(`${payload}.${signature}.x`, query)).toBeUndefined();
  });

  it('refuses a cursor signed with another secret', () => {
    const other = new CursorCodec('another-secret-that-is-long-enough-111');
    expect(other.decode(codec.encode(position, query), query)).toBeUndefined();
  });

  it('canonical JSON ignores key order and undefined members', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: undefined, c: 3 }] })).toBe('{"a":[2,{"c":3}],"b":1}');
  });

  it('canonical JSON writes every object with its keys in sorted order, for any JSON value', () => {
    // The plain statement of it, as an oracle (JSON.stringify itself puts integer-like keys first).
    const oracle = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(oracle).join(',')}]`;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${oracle(entry)}`).join(',')}}`;
    };
    fc.assert(fc.property(fc.jsonValue(), (value) => expect(canonicalJson(value)).toBe(oracle(value))), { numRuns: 2_000 });
  });

  it('signs with HMAC-SHA256 exactly as createHmac computes it, for keys shorter and longer than a block', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.uint8Array({ maxLength: 300 }), (key, message) => {
        const expected = createHmac('sha256', key).update(message).digest();
        expect(new HmacSha256(Buffer.from(key)).digest(Buffer.from(message)).equals(expected)).toBe(true);
      }),
    );
  });
});
