import { API_HEADERS, ApiDocs, headerRefs } from '../platform/openapi/openapi-kit';
import { problemResponse } from '../platform/openapi/problem-examples';
import { TooManyConcurrentError } from '../platform/concurrency/heavy-work-gate';

/** The 429 every rate-limited operation can answer (the kernel refers to it). */
export function rateLimitApiDocs(rateLimitPerMinute: number): ApiDocs {
  return {
    tags: [],
    paths: {},
    components: {
      responses: {
        RateLimited: problemResponse(
          `More than ${rateLimitPerMinute} requests in a minute from this account (or, for requests that fail authentication, from this address); ` +
            'or, for a heavy operation (starting a tournament, a correction with `reset_dependents`, a bulk registration), `too_many_concurrent`: ' +
            'the account already has as many of them in flight as it may.',
          '/api/v1/tournaments',
          [
            // The shape RateLimiter.hit returns when the budget is used up.
            { code: 'rate_limited', detail: `The limit of ${rateLimitPerMinute} requests per minute is used up. Retry in 12 seconds.`, headers: { 'retry-after': '12' } },
            new TooManyConcurrentError(2),
          ],
          { ...headerRefs('Retry-After'), ...API_HEADERS },
        ),
      },
    },
  };
}
