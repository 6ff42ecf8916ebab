import { isIP } from 'node:net';
import { InvalidError } from '../../kernel/domain-error';
import { bareHost, blockedAddressReason, isAllowedHost } from './address-policy';

export const MAX_URL_LENGTH = 2_000;

/**
 * Checks an endpoint URL as given (422 on `/url`): https (plain http only to an allowed host), no credentials, and
 * not a literal private or loopback address. Host names are resolved at each delivery, where the same rules apply.
 */
export function checkEndpointUrl(raw: string, allowHosts: readonly string[]): string {
  const refuse = (detail: string) => InvalidError.field('/url', detail);
  if (raw.length > MAX_URL_LENGTH) throw refuse(`must be at most ${MAX_URL_LENGTH} characters long.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute https URL, such as https://example.com/webhooks.');
  }
  const allowed = isAllowedHost(url.hostname, allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    throw refuse(url.protocol === 'http:' ? 'must use https (plain http is only for hosts the operator allows).' : 'must use https.');
  }
  if (url.username !== '' || url.password !== '') throw refuse('must not carry credentials (user:password@); authenticate with the signature instead.');
  if (url.hash !== '') throw refuse('must not have a fragment (#…).');
  const host = bareHost(url.hostname);
  if (!allowed && isIP(host) !== 0) {
    const reason = blockedAddressReason(host);
    if (reason) throw refuse(`must not point at a private, loopback or link-local address (${host}).`);
  }
  return url.toString();
}
