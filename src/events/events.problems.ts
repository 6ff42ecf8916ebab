import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the events module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const EVENTS_PROBLEM_KINDS = registerProblemKinds({
  not_acceptable: {
    status: 406,
    title: 'Not acceptable',
    guide: 'The event stream answers only `text/event-stream`: send `Accept: text/event-stream` (or no `Accept` header) on `GET /api/v1/events/stream`.',
  },
  events_expired: {
    status: 410,
    title: 'Events expired',
    guide: 'Events before `oldest_available_after` + 1 are older than the retention period (`EVENTS_RETENTION_DAYS`, 30 days by default) and were deleted. Re-read the resources you follow, then read the feed again with `after` set to `oldest_available_after`.',
  },
  event_streams_exceeded: {
    status: 429,
    title: 'Too many event streams',
    guide: 'Your account already holds the most event streams it may keep open (`EVENT_STREAMS_PER_ACCOUNT`, 10 by default). Close one (or share one stream between your clients), then retry after `Retry-After` seconds.',
  },
});
