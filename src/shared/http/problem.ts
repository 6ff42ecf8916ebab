/**
 * RFC 9457 problem details: the one shape of every 4xx and 5xx response.
 * The catalogue below is the public list of error codes; /docs explains each, and
 * the OpenAPI document lists those its documented errors carry (collected, not copied).
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemKind {
  status: number;
  title: string;
}

export const PROBLEM_KINDS = {
  malformed_request: { status: 400, title: 'Malformed request' },
  invalid_parameter: { status: 400, title: 'Invalid query parameter' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  invalid_token: { status: 401, title: 'Invalid API token' },
  subscription_required: { status: 403, title: 'Premium subscription required' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  invalid_state_transition: { status: 409, title: 'Invalid state transition' },
  field_locked: { status: 409, title: 'Field locked' },
  league_not_empty: { status: 409, title: 'League not empty' },
  league_closed: { status: 409, title: 'League closed' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use' },
  email_taken: { status: 409, title: 'Email taken' },
  participant_name_taken: { status: 409, title: 'Participant name taken' },
  seed_taken: { status: 409, title: 'Seed taken' },
  external_id_taken: { status: 409, title: 'External id taken' },
  tournament_full: { status: 409, title: 'Tournament full' },
  participants_locked: { status: 409, title: 'Participants locked' },
  not_enough_participants: { status: 409, title: 'Not enough participants' },
  match_not_ready: { status: 409, title: 'Match not ready' },
  dependent_matches_reported: { status: 409, title: 'Dependent matches reported' },
  matches_pending: { status: 409, title: 'Matches pending' },
  tournament_completed: { status: 409, title: 'Tournament completed' },
  // issue 32: withdrawals and check-in
  participant_withdrawn: { status: 409, title: 'Participant withdrawn' },
  participant_not_withdrawn: { status: 409, title: 'Participant not withdrawn' },
  tournament_not_running: { status: 409, title: 'Tournament not running' },
  check_in_closed: { status: 409, title: 'Check-in closed' },
  conflict: { status: 409, title: 'Conflict' },
  not_shared: { status: 409, title: 'Not shared' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  validation_failed: { status: 422, title: 'Validation failed' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused' },
  draw_not_allowed: { status: 422, title: 'Draw not allowed' },
  rate_limited: { status: 429, title: 'Too many requests' },
  // issue 26: bounded work
  too_many_concurrent: { status: 429, title: 'Too many concurrent operations' },
  // Events (issue 28)
  not_acceptable: { status: 406, title: 'Not acceptable' },
  events_expired: { status: 410, title: 'Events expired' },
  event_streams_exceeded: { status: 429, title: 'Too many event streams' },
  // Webhooks (issue 29)
  webhook_limit_reached: { status: 409, title: 'Webhook limit reached' },
  webhook_disabled: { status: 409, title: 'Webhook disabled' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEM_KINDS;

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEM_KINDS, code);
}

/** A stable URI per kind, resolving to its entry in the human docs. */
export function problemType(code: ProblemCode): string {
  return `/docs#problem-${code}`;
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: ProblemCode;
  request_id: string;
  [extension: string]: unknown;
}

/** What the HTTP layer sends for one error: the body and any headers it needs. */
export interface ProblemResponse {
  code: ProblemCode;
  detail: string;
  extensions?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function problemDocument(problem: ProblemResponse, instance: string, requestId: string): ProblemDocument {
  const kind = PROBLEM_KINDS[problem.code];
  return {
    type: problemType(problem.code),
    title: kind.title,
    status: kind.status,
    detail: problem.detail,
    instance,
    code: problem.code,
    request_id: requestId,
    ...problem.extensions,
  };
}
