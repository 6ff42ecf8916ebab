import { logUnexpected } from '../../platform/http/problem.filter';
import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../platform/persistence/database-errors';
import { clearSessionCookies, hasStaleSessionCookie } from './page-session';
import { renderPage } from './pages';

/** The page cannot be served to this visitor: shown as a plain page with this status, never as JSON. */
export class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly heading: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  static csrf(): PageRefusal {
    return new PageRefusal(
      403,
      'This form has expired',
      'The form was not sent from this site, or it is too old. Nothing was changed. Go back, reload the page and try again.',
    );
  }

  static tooManyRequests(heading: string, waitSeconds: number, what: string): PageRefusal {
    return new PageRefusal(429, heading, `${what} Try again in ${describeWait(waitSeconds)}.`, waitSeconds);
  }
}

/** The page needs a signed-in visitor; the filter sends them to sign in. */
export class SignInRequired extends Error {}

/** Turns failures on the account pages into pages: sign-in redirects, refusals, and outages without internals. */
@Catch()
export class AccountPageFilter implements ExceptionFilter {
  async catch(error: unknown, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (error instanceof SignInRequired) {
      const expired = hasStaleSessionCookie(request);
      if (expired) clearSessionCookies(reply);
      reply.redirect(expired ? '/account/signin?notice=expired' : '/account/signin', 303);
      return;
    }
    const refusal = error instanceof PageRefusal ? error : outage(error);
    if (!(error instanceof PageRefusal)) logUnexpected(request, error, 'Account page failed: ');
    if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds));
    await renderPage(request, reply, refusal.status, 'refusal', {
      heading: refusal.heading,
      message: refusal.message,
      link: { href: '/account', text: 'Back to your account' },
    });
  }
}

function outage(error: unknown): PageRefusal {
  return isDatabaseUnavailable(error)
    ? new PageRefusal(503, 'Temporarily unavailable', 'The service cannot reach its database right now. Nothing was changed. Try again in a minute.', 30)
    : new PageRefusal(500, 'Something went wrong', 'Something went wrong on our side. Nothing was changed. Try again, and tell us if it keeps happening.');
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
