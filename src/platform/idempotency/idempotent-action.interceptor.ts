import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, Observable } from 'rxjs';
import { pathOf } from '../http/list-response';
import { idempotencyKeyOf, sendStored } from './idempotency.http';
import { IdempotentRequests } from './idempotent-requests';

/** What an action handler returns: its status (200, or 204 without a body), body and the resource's new ETag. */
export interface ActionAnswer {
  status: 200 | 204;
  body?: unknown;
  etag?: string;
}

/**
 * POST of an action on a resource (`…/withdraw`, `…/check-in`; `@UseInterceptors(IdempotentAction)` on a handler
 * returning `ActionAnswer`): runs it under the request's Idempotency-Key, if any (spec §8), so a retry replays the
 * first answer with `Idempotent-Replayed` instead of acting twice.
 */
@Injectable()
export class IdempotentAction implements NestInterceptor {
  constructor(private readonly idempotency: IdempotentRequests) {}

  intercept(context: ExecutionContext, next: CallHandler<ActionAnswer>): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.act(request, reply, () => lastValueFrom(next.handle())));
  }

  private async act(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<ActionAnswer>): Promise<unknown> {
    const accountId = request.user?.id;
    if (!accountId) throw new Error('IdempotentAction used on a route the bearer guard does not protect.');
    const path = pathOf(request.url).replace(/\/+$/, '').toLowerCase();
    const idempotent = { accountId, key: idempotencyKeyOf(request), method: 'POST', path, body: request.body ?? null };
    const { response, replayed } = await this.idempotency.execute(idempotent, async () => {
      const { status, body, etag } = await handle();
      const headers: Record<string, string> = etag ? { etag } : {};
      return { status, body: body ?? null, headers };
    });
    const body = sendStored(reply, response, replayed);
    return response.status === 204 ? undefined : body;
  }
}
