import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from './error-translation';
import { PROBLEM_CONTENT_TYPE, problemDocument, problemKind, ProblemResponse } from './problem';

/** The application's error exit, as the refusals below need it. */
export interface ErrorExit {
  answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Refusals Fastify makes before routing (a path that is not valid percent-encoding,
 * a path segment longer than the router keeps). Fastify answers them outside the
 * error handler Nest installs, so they are handed to the one error exit
 * (ProblemFilter) once the application has built it: problem+json, request id,
 * and counted by the rate limiter like every other refusal.
 */
export class FrameworkRefusals {
  private exit: ErrorExit | undefined;

  exitThrough(exit: ErrorExit): void {
    this.exit = exit;
  }

  readonly refuse = (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void => {
    // The README promises 404 for an id of any length: the router gives up on segments over its limit.
    const problem =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new HttpProblem({ code: 'not_found', detail: 'No resource lives at this path.' })
        : new HttpProblem({ code: 'malformed_request', detail: 'The request path is not valid percent-encoding.' });
    if (!this.exit) {
      reply.code(problemKind(problem.problem.code).status).send();
      return;
    }
    this.exit.answer(problem, request, reply).catch((failure: unknown) => {
      request.log.error({ err: failure }, 'answering a refused request failed');
      if (!reply.sent) reply.code(500).send();
    });
  };
}

/** What Node's HTTP parser refuses, answered before any route or rate limit (documented in the OpenAPI document too). */
export const CLIENT_ERRORS: Record<string, ProblemResponse> = {
  HPE_HEADER_OVERFLOW: { code: 'request_header_fields_too_large', detail: 'The request line and headers exceed the 16 KiB limit.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', detail: 'The request did not arrive in time.' },
};
const MALFORMED: ProblemResponse = { code: 'malformed_request', detail: 'The request is not valid HTTP/1.1 (an unknown method, or a malformed request line or header).' };

/**
 * Requests Node's HTTP parser refuses (an unknown method such as FOO, headers or
 * URL over the size limit): there is no request object, so no route and no
 * caller to count against. Answered as problem+json with a fresh request id,
 * then the connection is closed, as Node would.
 */
export function onClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const problem = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const status = problemKind(problem.code).status;
    const requestId = randomUUID();
    const body = JSON.stringify(problemDocument(problem, '/', requestId));
    socket.write(
      `HTTP/1.1 ${status} ${problemKind(problem.code).title}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
