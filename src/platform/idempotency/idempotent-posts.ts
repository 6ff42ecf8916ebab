import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../http/list-response';
import { idempotencyKeyOf, sendStored } from './idempotency.http';
import { IdempotentRequest, IdempotentRequests } from './idempotent-requests';
import { StoredResponse } from './idempotency.store';

/** What a create returns: the new resource's body, and its id and ETag when it is one resource. */
export interface Created {
  body: unknown;
  id?: string;
  etag?: string;
}

/** A create's answer: `created(body, { id, etag })`. */
export function created(body: unknown, resource: { id?: string; etag?: string } = {}): Created {
  return { body, ...resource };
}

/** What an action returns: its status (200, or 204 without a body), body and the resource's new ETag. */
export interface ActionAnswer {
  status: 200 | 204;
  body?: unknown;
  etag?: string;
}

/**
 * POSTs that an Idempotency-Key makes safe to retry (spec §8): a handler passes its work to `create` or `act`,
 * which run it under the key, if any, so a retry replays the first answer with `Idempotent-Replayed` instead of
 * doing it twice. A function the handler calls rather than a Nest interceptor, which would wrap every create in
 * observables and async resources (a sixth of a create's CPU, docs/design/framework-and-libraries.md, controller helpers). The route's pipes have
 * validated the body by then: a request that fails validation claims no key and stores nothing.
 */
@Injectable()
export class IdempotentPosts {
  constructor(private readonly idempotency: IdempotentRequests) {}

  /** POST of a collection: 201 with `Location` (the collection path + id) and `ETag`, or the first answer replayed. */
  create(request: FastifyRequest, reply: FastifyReply, work: () => Promise<Created>): Promise<unknown> {
    const idempotent = this.requestOf(request);
    return this.answer(idempotent, reply, async () => {
      const { body, id, etag } = await work();
      const headers: Record<string, string> = {};
      if (id) headers.location = `${idempotent.path}/${id}`;
      if (etag) headers.etag = etag;
      return { status: 201, body, headers };
    });
  }

  /** POST of an action on a resource (`…/withdraw`, `…/check-in`): its status, body and ETag, or the first answer replayed. */
  async act(request: FastifyRequest, reply: FastifyReply, work: () => Promise<ActionAnswer>): Promise<unknown> {
    const sent = await this.answer(this.requestOf(request), reply, async () => {
      const { status, body, etag } = await work();
      const headers: Record<string, string> = etag ? { etag } : {};
      return { status, body: body ?? null, headers };
    });
    return reply.statusCode === 204 ? undefined : sent;
  }

  /** The request as the key covers it. Routes are lower case and ids match in any case: one canonical path per resource. */
  private requestOf(request: FastifyRequest): IdempotentRequest {
    const accountId = request.user?.id;
    if (!accountId) throw new Error('An idempotent POST on a route the bearer guard does not protect.');
    const path = pathOf(request.url).replace(/\/+$/, '').toLowerCase();
    return { accountId, key: idempotencyKeyOf(request), method: 'POST', path, body: request.body ?? null };
  }

  private async answer(request: IdempotentRequest, reply: FastifyReply, perform: () => Promise<StoredResponse>): Promise<unknown> {
    const { response, replayed } = await this.idempotency.execute(request, perform);
    return sendStored(reply, response, replayed);
  }
}
