import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, Observable } from 'rxjs';
import { pathOf } from '../http/list-response';
import { idempotencyKeyOf, sendStored } from './idempotency.http';
import { IdempotentRequests } from './idempotent-requests';

/** What a create handler returns: the new resource's body, and its id and ETag when it is one resource. */
export interface Created {
  body: unknown;
  id?: string;
  etag?: string;
}

/** A create handler's answer: `created(body, { id, etag })`. */
export function created(body: unknown, resource: { id?: string; etag?: string } = {}): Created {
  return { body, ...resource };
}

/**
 * POST of a collection (`@UseInterceptors(IdempotentCreate)` on a handler returning `Created`):
 * runs the handler under the request's Idempotency-Key, if any (spec §8), and answers 201 with
 * `Location` (the collection path + id) and `ETag`, or replays the first answer with `Idempotent-Replayed`.
 */
@Injectable()
export class IdempotentCreate implements NestInterceptor {
  constructor(private readonly idempotency: IdempotentRequests) {}

  intercept(context: ExecutionContext, next: CallHandler<Created>): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.create(request, reply, () => lastValueFrom(next.handle())));
  }

  private async create(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<Created>): Promise<unknown> {
    const accountId = request.user?.id;
    if (!accountId) throw new Error('IdempotentCreate used on a route the bearer guard does not protect.');
    // Routes are lower case and ids match in any case: one canonical path per collection, for the key and Location.
    const collection = pathOf(request.url).replace(/\/+$/, '').toLowerCase();
    const idempotent = { accountId, key: idempotencyKeyOf(request), method: 'POST', path: collection, body: request.body };
    const { response, replayed } = await this.idempotency.execute(idempotent, async () => {
      const { body, id, etag } = await handle();
      const headers: Record<string, string> = {};
      if (id) headers.location = `${collection}/${id}`;
      if (etag) headers.etag = etag;
      return { status: 201, body, headers };
    });
    return sendStored(reply, response, replayed);
  }
}
