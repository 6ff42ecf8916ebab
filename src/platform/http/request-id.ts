import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes the caller's X-Request-Id when it is short and plain; makes a new one otherwise. */
export function requestIdFor(request: { headers: IncomingHttpHeaders }): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
