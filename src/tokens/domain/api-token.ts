import { newId } from '../../kernel/ids';
import { generateToken, lastFour, tokenDigest } from './token-format';

/** How often at most `last_used_at` is written for one token. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The one active API token of an account, known by its digest only. */
export class ApiToken {
  id: string;
  accountId: string;
  digest: string;
  lastFour: string;
  createdAt: Date;
  lastUsedAt: Date | null;

  /** Makes a new token; the plaintext is returned once and never stored. */
  static issue(accountId: string, now = new Date()): { token: ApiToken; plaintext: string } {
    const plaintext = generateToken();
    const token = new ApiToken();
    token.id = newId(now.getTime());
    token.accountId = accountId;
    token.digest = tokenDigest(plaintext);
    token.lastFour = lastFour(plaintext);
    token.createdAt = now;
    token.lastUsedAt = null;
    return { token, plaintext };
  }

  /** Whether this use should be recorded: at most once per LAST_USED_RESOLUTION_MS. */
  isLastUsedStale(now: Date): boolean {
    return isLastUseStale(this.lastUsedAt, now);
  }
}

export function isLastUseStale(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}
