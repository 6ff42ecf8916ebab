/**
 * RFC 9457 problem details: the one shape of every 4xx and 5xx response.
 * The catalogue is the public list of error codes, filled by the platform, the kernel and each module (its
 * `<module>.problems.ts`); /docs explains each, and the OpenAPI document lists those its documented errors carry.
 */
import { KERNEL_PROBLEM_KINDS } from '../../kernel/problem-kinds';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemKind {
  status: number;
  title: string;
}

/** A code as its owner declares it: status and title for the body, `guide` for its row on /docs. */
export interface ProblemEntry extends ProblemKind {
  /** When it happens and what to do (Markdown). */
  guide: string;
}

/** The platform's own codes: the HTTP pipeline's refusals, the bearer guard's, idempotency, bounded work, outages. */
export const PLATFORM_PROBLEM_KINDS = {
  malformed_request: {
    status: 400,
    title: 'Malformed request',
    guide: 'The body is not valid JSON, its Content-Length is wrong, or a header such as `Idempotency-Key` is malformed. Fix the request; retrying it unchanged will fail again.',
  },
  invalid_parameter: {
    status: 400,
    title: 'Invalid query parameter',
    guide: 'A query parameter is unknown, out of range or malformed, or `cursor` was not issued for this query. `errors` names each parameter; fix them, or start again from the first page.',
  },
  unauthenticated: {
    status: 401,
    title: 'Authentication required',
    guide: 'No API token was sent. Send it as `Authorization: Bearer <API_TOKEN>` (not in the query string or body).',
  },
  invalid_token: {
    status: 401,
    title: 'Invalid API token',
    guide: 'The token is unknown, mistyped, revoked or replaced by a newer one. Use your current token, or generate a new one on the account settings page.',
  },
  subscription_required: {
    status: 403,
    title: 'Premium subscription required',
    guide: 'The token is valid but its account is not (or no longer) on the premium plan. Subscribe to premium on the account settings page, then retry.',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    guide: 'Nothing lives at this path for you: the id does not exist, belongs to another account, or is not a UUID (or the path itself is unknown). Check the id.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    guide: 'The path exists but not with this HTTP method. The `Allow` header lists the methods it accepts.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    guide: 'The request line, headers or body did not arrive in time and the connection was closed. Check the network and retry.',
  },
  idempotency_key_in_use: {
    status: 409,
    title: 'Idempotency key in use',
    guide: 'An earlier request with this `Idempotency-Key` is still being processed. Wait a moment and retry with the same key and body to get its result.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    guide: 'The request clashes with the current state of the resource, for example a concurrent change. Read the resource again and retry.',
  },
  precondition_failed: {
    status: 412,
    title: 'Precondition failed',
    guide: 'The `If-Match` ETag is no longer current: someone changed the resource since you read it. GET it again, re-apply your change, and retry with the new ETag.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    guide: 'The body is larger than 64 KiB (512 KiB on bulk endpoints). Send a smaller body, or split a bulk request.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    guide: 'A POST or PATCH body was sent without `Content-Type: application/json` (PATCH also accepts `application/merge-patch+json`). Set the header.',
  },
  request_header_fields_too_large: {
    status: 431,
    title: 'Request header fields too large',
    guide: 'The request line (the URL) and headers together exceed 16 KiB. Shorten the URL or the headers; ids and filters never need that much.',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    guide: 'The body breaks a rule: a missing, unknown or read-only field, a value out of range, an unknown time zone, an end before a start, or a league that is not yours. `errors` lists every field by JSON Pointer.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    guide: 'This `Idempotency-Key` was used in the last 24 hours with a different body. Use a new key for a new request.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    guide: 'Your account (or, without a valid token, your address) has used up its requests for this minute. Wait for the number of seconds in `Retry-After`.',
  },
  too_many_concurrent: {
    status: 429,
    title: 'Too many concurrent operations',
    guide: 'Your account already has as many large operations in progress as it may (`limit`): starting a tournament, a correction with `reset_dependents`, a bulk registration. Wait for the number of seconds in `Retry-After`, or for one of them to finish.',
  },
  internal_error: {
    status: 500,
    title: 'Internal server error',
    guide: 'Something failed on our side; the body deliberately says nothing more. Retry later, and quote `request_id` if you report it.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    guide: 'The service cannot reach its database right now (or is starting or stopping). Retry after the number of seconds in `Retry-After`.',
  },
} as const satisfies Record<string, ProblemEntry>;

/**
 * A problem code: the platform's (PLATFORM_PROBLEM_KINDS), the kernel's (KERNEL_PROBLEM_KINDS) or one a module
 * registers next to its errors (`<module>.problems.ts`, imported by its Nest module and its OpenAPI file).
 */
export type ProblemCode = string;

const catalogue = new Map<ProblemCode, ProblemKind>();

/**
 * Adds codes to the public catalogue. A code means one thing: registering it again with another status or
 * title throws (two modules claiming one code), the same again is a no-op.
 */
export function registerProblemKinds<Kinds extends Record<string, ProblemKind>>(kinds: Kinds): Kinds {
  for (const [code, kind] of Object.entries(kinds)) {
    const known = catalogue.get(code);
    if (known && (known.status !== kind.status || known.title !== kind.title)) {
      throw new Error(`Problem code ${code} is registered twice: ${JSON.stringify(known)} and ${JSON.stringify(kind)}`);
    }
    catalogue.set(code, kind);
  }
  return kinds;
}

registerProblemKinds(PLATFORM_PROBLEM_KINDS);
registerProblemKinds(KERNEL_PROBLEM_KINDS);

/** The codes every module may meet (the platform's, then the kernel's), listed first on /docs. */
export const HOUSE_PROBLEMS: Readonly<Record<string, ProblemEntry>> = { ...PLATFORM_PROBLEM_KINDS, ...KERNEL_PROBLEM_KINDS };

export function isProblemCode(code: string): boolean {
  return catalogue.has(code);
}

/** The status and title of a registered code; a code nobody registered is a programming error. */
export function problemKind(code: ProblemCode): ProblemKind {
  const kind = catalogue.get(code);
  if (!kind) throw new Error(`Problem code ${code} is not registered: add it to its module's *.problems.ts`);
  return kind;
}

/** Every registered code, by status, then by name (registration order depends on which files loaded first). */
export function problemCodes(): ProblemCode[] {
  return [...catalogue.entries()].sort(([a, x], [b, y]) => x.status - y.status || (a < b ? -1 : a > b ? 1 : 0)).map(([code]) => code);
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
  const kind = problemKind(problem.code);
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
