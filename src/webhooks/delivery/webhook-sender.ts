import { lookup as dnsLookup } from 'node:dns/promises';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { bareHost, blockedAddressReason, isAllowedHost } from '../domain/address-policy';
import { AttemptOutcome } from '../domain/retry-schedule';

/** Bytes of an answer read at most: a bigger one fails the attempt (the receiver only has to say 2xx). */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Bytes of an answer kept for the deliveries list. */
export const KEPT_RESPONSE_BYTES = 1024;

/**
 * Every refusal of a host's addresses, and every failure to resolve it, reads the same: an account sees its
 * deliveries, and must not learn from them which internal names exist or where they point.
 */
export const ADDRESS_NOT_ALLOWED = "refused: the endpoint's address is not allowed";

export interface AttemptResult {
  outcome: AttemptOutcome;
  /** The first KEPT_RESPONSE_BYTES of the body, when an answer came. */
  responseBody: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 8, timeout: 30_000 }),
  'https:': new https.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 8, timeout: 30_000 }),
};

/**
 * One POST to a webhook endpoint. The host is resolved here, each time, and every address it resolves to must be
 * public (unless the host is allowed); the connection goes to the address that was checked (no second lookup a
 * rebinding DNS could answer differently). Redirects are not followed. Never throws: every failure is an outcome.
 */
export async function sendWebhook(target: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const failed = (error: string, statusCode?: number, responseBody: string | null = null): AttemptResult => ({
    outcome: { ok: false, error, statusCode },
    responseBody,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return failed('the endpoint URL is not valid');
  }
  const host = bareHost(url.hostname);
  const allowed = isAllowedHost(host, options.allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return failed(`refused: ${url.protocol} URLs are not delivered to`);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await withTimeout((options.resolve ?? resolveAll)(host), options.timeoutMs);
  } catch (error) {
    return failed(allowed ? `could not resolve ${host}: ${messageOf(error)}` : ADDRESS_NOT_ALLOWED);
  }
  if (addresses.length === 0) return failed(allowed ? `could not resolve ${host}: no address` : ADDRESS_NOT_ALLOWED);
  if (!allowed && addresses.some(({ address }) => blockedAddressReason(address) !== undefined)) return failed(ADDRESS_NOT_ALLOWED);
  const pinned = addresses[0];
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: agents[url.protocol as 'http:' | 'https:'],
      lookup,
    });
    const timer = setTimeout(() => {
      settle(failed(`no complete answer within ${options.timeoutMs} ms`));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => settle(failed(`request failed: ${messageOf(error)}`)));
    request.on('response', (response: IncomingMessage) => readAnswer(response, request, settle, failed, started));
    request.end(body);
  });
}

function readAnswer(
  response: IncomingMessage,
  request: http.ClientRequest,
  settle: (result: AttemptResult) => void,
  failed: (error: string, statusCode?: number, body?: string | null) => AttemptResult,
  started: number,
): void {
  const status = response.statusCode ?? 0;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  const keptText = () => storableText(Buffer.concat(kept));
  response.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (keptBytes < KEPT_RESPONSE_BYTES) {
      const part = chunk.subarray(0, KEPT_RESPONSE_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    if (total > MAX_RESPONSE_BYTES) {
      settle(failed(`the answer's body is larger than ${MAX_RESPONSE_BYTES} bytes`, status, keptText()));
      request.destroy();
    }
  });
  response.on('aborted', () => settle(failed('the connection closed before the answer ended', status, keptText())));
  response.on('error', (error) => settle(failed(`the answer broke off: ${messageOf(error)}`, status, keptText())));
  // After 'end' this changes nothing (settled); without it the connection broke mid-answer.
  response.on('close', () => settle(failed('the connection closed before the answer ended', status, keptText())));
  response.on('end', () => {
    const durationMs = Math.round(performance.now() - started);
    if (status >= 200 && status < 300) settle({ outcome: { ok: true, statusCode: status }, responseBody: keptText(), durationMs });
    else if (status >= 300 && status < 400) settle(failed(`answered ${status} (redirects are not followed)`, status, keptText()));
    else settle(failed(`answered ${status}`, status, keptText()));
  });
}

/**
 * The kept bytes as text PostgreSQL stores: invalid UTF-8 (a binary answer, or a character cut at the 1 KiB mark)
 * decodes to U+FFFD, and so does NUL, which a text column refuses: an attempt that cannot be recorded would be sent
 * again at once, again and again.
 */
export function storableText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/\0/g, '\uFFFD');
}

async function resolveAll(host: string): Promise<{ address: string; family: number }[]> {
  return dnsLookup(host, { all: true, verbatim: true });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code} ${error.message}` : error.message;
  return String(error);
}
