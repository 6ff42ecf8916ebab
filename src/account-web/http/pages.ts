import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfUserInfo } from './account-web.plugins';

/** A short message at the top of a page: a result (`status`) or a problem (`alert`). */
export interface Notice {
  text: string;
  problem?: boolean;
}

/** Renders a template (with a fresh CSRF token for its forms) and sends it. */
export async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  view: string,
  data: Record<string, unknown>,
): Promise<void> {
  const csrf = reply.generateCsrf({ userInfo: csrfUserInfo(request) });
  const html = await reply.viewAsync(view, { notice: undefined, errors: {}, ...data, csrf });
  await reply.status(status).type('text/html; charset=utf-8').send(html);
}

export function redirect(reply: FastifyReply, location: string): void {
  reply.redirect(location, 303);
}
