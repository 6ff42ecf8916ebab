import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translateError } from './error-translation';
import { PreGuardAccounting } from './pre-guard-accounting';
import { PROBLEM_CONTENT_TYPE, PROBLEM_KINDS, problemDocument, ProblemResponse } from './problem';
import { RouteTable } from './route-table';

/** The one exit for errors: every failure leaves as RFC 9457 problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(
    private readonly routes: RouteTable,
    @Optional() private readonly accounting?: PreGuardAccounting,
  ) {}

  /** Async because a request refused before the guards is counted first; Nest waits for the promise and Fastify for the reply. */
  async catch(error: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const problem = error instanceof NotFoundException ? this.unknownRoute(request, error) : translateError(error);
    // Logged through the request's logger, so the line carries the request id the client was given.
    if (problem.code === 'internal_error') request.log.error({ stack: (error as Error)?.stack }, describe(error));
    sendProblem(request, reply, (await this.accountPreGuard(request, reply)) ?? problem);
  }

  /** Rate limiting for requests the guards never saw: headers, or the 429 that replaces the problem. Never fails the answer. */
  private async accountPreGuard(request: FastifyRequest, reply: FastifyReply): Promise<ProblemResponse | undefined> {
    try {
      return await this.accounting?.account(request, reply);
    } catch (error) {
      request.log.error({ stack: (error as Error)?.stack }, `Counting a request refused before the guards failed: ${describe(error)}`);
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
    .status(PROBLEM_KINDS[problem.code].status)
    .header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
    .send(problemDocument(problem, path, String(request.id)));
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
