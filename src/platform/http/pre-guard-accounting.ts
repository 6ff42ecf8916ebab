import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProblemResponse } from './problem';

/**
 * What the error exit asks of the rate limiter, without knowing it: account for
 * a request refused before the guards ran (an unknown path or method, or a body
 * that could not be read). The implementation puts its headers on the reply and
 * returns the problem to answer with instead (429 once the caller's budget is
 * used up), or undefined to keep the original one. Requests the guards saw are
 * left alone, so nothing is counted twice.
 */
export abstract class PreGuardAccounting {
  abstract account(request: FastifyRequest, reply: FastifyReply): Promise<ProblemResponse | undefined>;
}
