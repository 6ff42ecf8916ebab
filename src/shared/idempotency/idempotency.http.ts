import type { FastifyReply, FastifyRequest } from 'fastify';
import { badHeader } from '../http/etag';
import { StoredResponse } from './idempotency.store';
import { IdempotentRequests } from './idempotent-requests';

const MAX_KEY_LENGTH = 255;

/** The Idempotency-Key header, checked: 1–255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw badHeader('Idempotency-Key', `must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`);
  }
  return key;
}

/** Writes a (possibly replayed) stored response to the reply and returns its body for Nest to send. */
export function sendStored(reply: FastifyReply, response: StoredResponse, replayed: boolean): unknown {
  reply.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  if (replayed) reply.header('idempotent-replayed', 'true');
  return response.body;
}

/** What a create use case hands back for its 201 response. */
export interface Created {
  id: string;
  body: unknown;
  etag: string;
}

/**
 * POST of a collection: runs `create` under the request's Idempotency-Key (if any)
 * and answers 201 with Location and ETag, or replays the first answer.
 */
export async function createIdempotently(
  idempotency: IdempotentRequests,
  context: { request: FastifyRequest; reply: FastifyReply; accountId: string; collection: string },
  create: () => Promise<Created>,
): Promise<unknown> {
  const { request, reply, accountId, collection } = context;
  const { response, replayed } = await idempotency.execute(
    { accountId, key: idempotencyKeyOf(request), method: 'POST', path: collection, body: request.body },
    async () => {
      const created = await create();
      return { status: 201, body: created.body, headers: { location: `${collection}/${created.id}`, etag: created.etag } };
    },
  );
  return sendStored(reply, response, replayed);
}
