import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a storage answers per hit (the library does not export its name for it). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The library's record for a sliding log (product spec §3): a request is
 * admitted while fewer than `limit` admitted requests lie in the last window,
 * so no window-long span ever admits more than `limit`. Refused requests are
 * not logged (a client that keeps retrying is not locked out for longer).
 * `admitted` counts the log after this hit; `msUntilOldestLeaves` is when the
 * oldest admitted request leaves the window, which is when the next request
 * will be admitted once the budget is used up.
 */
export function slidingLogRecord(admitted: number, msUntilOldestLeaves: number, blocked: boolean): ThrottlerStorageRecord {
  const timeToExpire = Math.max(1, Math.ceil(msUntilOldestLeaves / 1000));
  return { totalHits: admitted, timeToExpire, isBlocked: blocked, timeToBlockExpire: blocked ? timeToExpire : 0 };
}
