import { HttpException } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidError,
  InvalidParameterError,
  NotFoundError,
  PreconditionFailedError,
  ServiceUnavailableError,
  UnauthenticatedError,
} from '../../kernel/domain-error';
import { isDatabaseUnavailable } from '../persistence/database-errors';
import { isProblemCode, ProblemCode, ProblemResponse } from './problem';

/** An error that already knows its HTTP shape (raised by the HTTP layer itself). */
export class HttpProblem extends Error {
  constructor(readonly problem: ProblemResponse) {
    super(problem.detail);
  }
}

const FALLBACK_CODE_BY_STATUS: Record<number, ProblemCode> = {
  400: 'malformed_request',
  401: 'unauthenticated',
  403: 'subscription_required',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * Turns anything thrown while handling a request into the problem to send.
 * Returns `internal_error` (and the caller logs the original) for what it does not know.
 */
export function translateError(error: unknown): ProblemResponse {
  if (error instanceof HttpProblem) return error.problem;
  if (error instanceof DomainError) return fromDomainError(error);
  if (isDatabaseUnavailable(error)) return fromDomainError(new ServiceUnavailableError());
  const fastifyProblem = fromFastifyError(error);
  if (fastifyProblem) return fastifyProblem;
  if (error instanceof HttpException) return fromHttpException(error);
  return { code: 'internal_error', detail: 'Something went wrong on our side. The request id identifies it in our logs.' };
}

function fromDomainError(error: DomainError): ProblemResponse {
  const problem: ProblemResponse = {
    code: isProblemCode(error.code) ? error.code : fallbackFor(error),
    detail: error.message,
    extensions: error.extensions,
  };
  if (error instanceof UnauthenticatedError) problem.headers = { 'www-authenticate': error.challenge };
  // Any error that knows when a retry may succeed (503, 409 idempotency_key_in_use) says so.
  const { retryAfterSeconds } = error as { retryAfterSeconds?: unknown };
  if (typeof retryAfterSeconds === 'number') problem.headers = { 'retry-after': String(retryAfterSeconds) };
  return problem;
}

function fallbackFor(error: DomainError): ProblemCode {
  if (error instanceof NotFoundError) return 'not_found';
  if (error instanceof InvalidError) return 'validation_failed';
  if (error instanceof InvalidParameterError) return 'invalid_parameter';
  if (error instanceof PreconditionFailedError) return 'precondition_failed';
  if (error instanceof ForbiddenError) return 'subscription_required';
  if (error instanceof ConflictError) return 'conflict';
  return 'internal_error';
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Errors Fastify raises before a handler runs: body parsing, size and media type. */
function fromFastifyError(error: unknown): ProblemResponse | undefined {
  const { code, statusCode } = (error ?? {}) as FastifyLikeError;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'unsupported_media_type',
        detail: 'Send the body as application/json (PATCH also accepts application/merge-patch+json).',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload_too_large', detail: 'The request body is larger than the limit: 64 KiB, or 512 KiB on bulk endpoints.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'malformed_request', detail: 'The Content-Length header does not match the body.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'malformed_request', detail: 'The request body is not valid JSON.' };
  }
  if (error instanceof SyntaxError && statusCode === 400) {
    return { code: 'malformed_request', detail: 'The request body is not valid JSON.' };
  }
  if (code?.startsWith('FST_ERR') && statusCode && statusCode < 500) {
    return { code: FALLBACK_CODE_BY_STATUS[statusCode] ?? 'malformed_request', detail: 'The request could not be read.' };
  }
  return undefined;
}

function fromHttpException(error: HttpException): ProblemResponse {
  const status = error.getStatus();
  const code = FALLBACK_CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'malformed_request');
  const detail = code === 'not_found' ? 'No resource lives at this path.' : error.message;
  return { code, detail };
}
