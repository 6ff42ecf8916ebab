/** Where a caller stands in the current window. */
export interface RateLimitStatus {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window resets and the full budget is back. */
  resetSeconds: number;
}

/**
 * The IETF httpapi ratelimit-headers draft (RateLimit-Policy, RateLimit) plus
 * the X-RateLimit-* trio most client libraries still read. Same numbers in both.
 */
export function rateLimitHeaders(status: RateLimitStatus): Record<string, string> {
  const { policy, limit, windowSeconds, remaining, resetSeconds } = status;
  return {
    'ratelimit-policy': `"${policy}";q=${limit};w=${windowSeconds}`,
    ratelimit: `"${policy}";r=${remaining};t=${resetSeconds}`,
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(resetSeconds),
  };
}
