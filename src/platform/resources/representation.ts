import type { FastifyReply, FastifyRequest } from 'fastify';
import { conditionalGet } from '../http/etag';
import { Created, created } from '../idempotency/idempotent-posts';

/**
 * How a resource is answered: its wire form and its strong ETag, sent alike by every operation of its lifecycle
 * (a GET with If-None-Match, a create with Location and ETag, a write with the new ETag).
 */
export class Representation<T extends { id: string }, Body> {
  constructor(
    readonly present: (resource: T) => Body,
    readonly etag: (resource: T) => string,
  ) {}

  /** GET: the resource with its ETag, or an empty 304 when the client's copy is current. */
  read(request: FastifyRequest, reply: FastifyReply, resource: T): Body | undefined {
    return conditionalGet(request, reply, this.etag(resource), () => this.present(resource));
  }

  /** POST: the new resource, its Location and ETag (IdempotentPosts stores the answer for a retry). */
  created(resource: T): Created {
    return created(this.present(resource), { id: resource.id, etag: this.etag(resource) });
  }

  /** PATCH and other writes: the resource as it is now (or `body`, when the answer says more), with its new ETag. */
  written<B = Body>(reply: FastifyReply, resource: T, body?: B): B | Body {
    reply.header('etag', this.etag(resource));
    return body ?? this.present(resource);
  }
}
