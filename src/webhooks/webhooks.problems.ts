import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the webhooks module raises; registered on import by its Nest module and its OpenAPI file; each `guide` is its row on /docs. */
export const WEBHOOKS_PROBLEM_KINDS = registerProblemKinds({
  webhook_limit_reached: {
    status: 409,
    title: 'Webhook limit reached',
    guide: 'An account can have at most 20 webhook endpoints. Delete one you no longer use (or point one at a new URL with PATCH), then retry.',
  },
  webhook_disabled: {
    status: 409,
    title: 'Webhook disabled',
    guide: 'The webhook endpoint is disabled (`disabled_reason` says why: 410 Gone, 5 days of failures, or `enabled: false`). PATCH it with `"enabled": true`, then retry; POST …/replay re-sends what it missed.',
  },
  webhook_queue_full: {
    status: 409,
    title: 'Webhook queue full',
    guide: 'The webhook endpoint already has 10 000 deliveries waiting (`limit`), the most a replay or test message may add to. Wait until its deliveries list shows them sent (or fix the receiver), then replay from the last sequence it got.',
  },
});
