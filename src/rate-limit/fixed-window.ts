import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a storage answers per hit (the library does not export its name for it). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The library's record for a fixed window: blocked once the count passes the limit, until the window resets. */
export function windowRecord(hits: number, msUntilReset: number, limit: number): ThrottlerStorageRecord {
  const timeToExpire = Math.max(1, Math.ceil(msUntilReset / 1000));
  const isBlocked = hits > limit;
  return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
}
