import { randomUUID } from 'node:crypto';

/**
 * A time-ordered UUID (version 7, RFC 9562): new rows land at the end of the
 * primary-key index instead of scattering across it. The 48-bit millisecond
 * timestamp and the version digit replace the start of a random (version 4)
 * UUID, keeping its 74 random bits and its variant: randomUUID draws from a
 * pre-filled entropy pool, where randomBytes(16) was a call into OpenSSL per id.
 */
export function newId(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
