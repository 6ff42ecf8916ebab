import { registerProblemKinds } from '../platform/http/problem';

/** The problem codes only the webhooks module raises; registered on import by its Nest module and its OpenAPI file. */
export const WEBHOOKS_PROBLEM_KINDS = registerProblemKinds({
  webhook_limit_reached: { status: 409, title: 'Webhook limit reached' },
  webhook_disabled: { status: 409, title: 'Webhook disabled' },
  webhook_queue_full: { status: 409, title: 'Webhook queue full' },
});
