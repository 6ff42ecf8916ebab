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

/** The platform's own codes: the HTTP pipeline's refusals, the bearer guard's, idempotency, bounded work, outages. */
export const PLATFORM_PROBLEM_KINDS = {
  malformed_request: { status: 400, title: 'Malformed request' },
  invalid_parameter: { status: 400, title: 'Invalid query parameter' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  invalid_token: { status: 401, title: 'Invalid API token' },
  subscription_required: { status: 403, title: 'Premium subscription required' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use' },
  conflict: { status: 409, title: 'Conflict' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  request_header_fields_too_large: { status: 431, title: 'Request header fields too large' },
  validation_failed: { status: 422, title: 'Validation failed' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused' },
  rate_limited: { status: 429, title: 'Too many requests' },
  too_many_concurrent: { status: 429, title: 'Too many concurrent operations' },
  internal_error: { status: 500, title: 'Internal server error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, ProblemKind>;

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
