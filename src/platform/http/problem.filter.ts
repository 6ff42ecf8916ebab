import { loggableError } from '../loggable-error';
import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translateError } from './error-translation';
import type { ErrorExit } from './framework-refusals';
import { PreGuardAccounting } from './pre-guard-accounting';
import { PROBLEM_CONTENT_TYPE, problemDocument, problemKind, ProblemResponse } from './problem';
import { RouteTable } from './route-table';

/** The one exit for errors: every failure leaves as RFC 9457 problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter, ErrorExit {
  constructor(
    private readonly routes: RouteTable,
    @Optional() private readonly accounting?: PreGuardAccounting,
  ) {}

  /** Async because a request refused before the guards is counted first; Nest waits for the promise and Fastify for the reply. */
  async catch(error: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    await this.answer(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** Also the exit for refusals Fastify makes before routing (FrameworkRefusals). */
  async answer(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const problem = error instanceof NotFoundException ? this.unknownRoute(request, error) : translateError(error);
    if (problem.code === 'internal_error') logUnexpected(request, error);
    sendProblem(request, reply, (await this.accountPreGuard(request, reply)) ?? problem);
  }

  /** Rate limiting for requests the guards never saw: headers, or the 429 that replaces the problem. Never fails the answer. */
  private async accountPreGuard(request: FastifyRequest, reply: FastifyReply): Promise<ProblemResponse | undefined> {
    try {
      return await this.accounting?.account(request, reply);
    } catch (error) {
      logUnexpected(request, error, 'Counting a request refused before the guards failed: ');
      return undefined;
    }
  }

  /** Nest raises NotFoundException only for unmatched routes: tell "no such path" from "wrong method". */
  private unknownRoute(request: FastifyRequest, error: NotFoundException): ProblemResponse {
    const path = request.url.split('?')[0];
    const allowed = this.routes.allowedMethods(path);
    if (allowed.length === 0) return translateError(error);
    return {
      code: 'method_not_allowed',
      detail: `${request.method} is not supported here. Allowed: ${allowed.join(', ')}.`,
      headers: { allow: allowed.join(', ') },
    };
  }
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemResponse): void {
  const path = request.url.split('?')[0];
  for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
  reply
    .status(problemKind(problem.code).status)
    .header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    // Refusals made before the onRequest hook (a bad URL) have not had these yet.
    .header('x-request-id', String(request.id))
    .header('x-content-type-options', 'nosniff')
    .send(problemDocument(problem, path, String(request.id)));
}

/** Logged through the request's logger, so the line carries the request id the client was given; never the values a query bound. */
export function logUnexpected(request: FastifyRequest, error: unknown, prefix = ''): void {
  const { message, stack } = loggableError(error);
  request.log.error({ stack }, prefix + message);
}
