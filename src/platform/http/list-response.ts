import type { FastifyReply } from 'fastify';
import { Page } from '../pagination/page';
import { nextPageLink } from './link';

/**
 * A list response (spec §7): `{ data, next_cursor }`, and a `Link: <…>; rel="next"` header
 * (the same path and query with the new cursor) when there is a next page.
 */
export function listResponse<T, W>(reply: FastifyReply, query: object, page: Page<T>, present: (item: T) => W) {
  if (page.nextCursor) reply.header('link', nextPageLink(pathOf(reply.request.url), query, page.nextCursor));
  return { data: page.items.map(present), next_cursor: page.nextCursor };
}

/** The request's path without its query string. */
export function pathOf(url: string): string {
  return url.split('?')[0];
}
