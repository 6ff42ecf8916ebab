import { hash, randomBytes } from 'node:crypto';

/**
 * API token format: `tlm_` + 30 base62 characters of randomness (178 bits) +
 * 6 base62 characters of CRC-32 checksum. The prefix and checksum let secret
 * scanners recognise a leaked token and let us reject a mistyped one without a
 * database lookup.
 */
export const TOKEN_PREFIX = 'tlm_';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

export function generateToken(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${TOKEN_PREFIX}${random}${checksum(random)}`;
}

/** True when the string has the shape and a matching checksum; says nothing of whether it is active. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length);
  return checksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** What the database stores instead of the token: hex SHA-256. One-shot (no Hash object): every API request digests its token. */
export function tokenDigest(token: string): string {
  return hash('sha256', token, 'hex');
}

export function lastFour(token: string): string {
  return token.slice(-4);
}

/** Rejection sampling keeps every character uniformly likely. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of base62 text: ASCII, so its character codes are its UTF-8 bytes (no Buffer per request). */
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index++) crc = CRC_TABLE[(crc ^ text.charCodeAt(index)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
