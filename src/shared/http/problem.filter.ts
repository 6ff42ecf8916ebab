import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translateError } from './error-translation';
import { PROBLEM_CONTENT_TYPE, PROBLEM_KINDS, problemDocument, ProblemResponse } from './problem';
import { RouteTable } from './route-table';

/** The one exit for errors: every failure leaves as RFC 9457 problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly routes: RouteTable) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const problem = error instanceof NotFoundException ? this.unknownRoute(request, error) : translateError(error);
    if (problem.code === 'internal_error') this.logger.error(describe(error), (error as Error)?.stack);
    sendProblem(request, reply, problem);
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
