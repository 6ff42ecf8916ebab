import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;

/** `whsec_` + base64 of 32 random bytes (the Standard Webhooks form). */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the secret's decoded bytes. */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
}

/** The `webhook-signature` header: one signature per secret in force, space-separated. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(' ');
}
