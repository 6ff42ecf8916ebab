import type { FastifyReply, FastifyRequest } from 'fastify';
import { badHeader } from '../http/etag';
import { StoredResponse } from './idempotency.store';

export const MAX_KEY_LENGTH = 255;

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
