import type { Notice } from './pages';

/**
 * Messages a redirect asks a page to show, by name (`?notice=subscribed`). Only
 * these fixed texts can appear: nothing from the query string reaches the page.
 */
const NOTICES = {
  expired: { text: 'Your session has ended. Sign in again to continue.' },
  'signed-out': { text: 'You have signed out.' },
  deleted: { text: 'Your account and everything in it have been deleted.' },
  subscribed: { text: 'Premium is active: API access is on from the next request.' },
  cancelled: { text: 'Premium is cancelled. Your API token now gets 403 subscription_required until you subscribe again.' },
  'token-shown-once': {
    text: 'A new token is shown only once, right after it is generated. If you did not copy it, regenerate it.',
    problem: true,
  },
  'token-changed': {
    text: 'The token had already changed when this form arrived (it was sent twice, or changed in another tab), so nothing was replaced. A new token is shown only once; if you did not copy it, regenerate it.',
    problem: true,
  },
  shared: { text: 'Shared: anyone with its link can view it now (unlisted). Copy the link or the embed below.' },
  unshared: { text: 'No longer shared: it is private again, and its old link and embeds stop working at once.' },
  'sent-twice': { text: 'This form was sent twice. Only one token was generated, and this is it.' },
} satisfies Record<string, Notice>;

export type NoticeName = keyof typeof NOTICES;

export function noticeFrom(query: unknown): Notice | undefined {
  const name = (query as { notice?: unknown } | undefined)?.notice;
  return typeof name === 'string' && Object.hasOwn(NOTICES, name) ? NOTICES[name as NoticeName] : undefined;
}

export function withNotice(path: string, notice: NoticeName): string {
  return `${path}?notice=${notice}`;
}
