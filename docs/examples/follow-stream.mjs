#!/usr/bin/env node
// Follows a Server-Sent Events stream of the service and never gives up on a transient error: a viewer's live
// stream (`/v/{share_id}/events`, public) or the account's events (`/api/v1/events/stream`, with API_TOKEN).
// Node 20 or later, no dependencies. Prints one JSON line per message on stdout, its state on stderr.
//
//   node follow-stream.mjs https://tournaments.example/v/SHARE_ID/events
//   API_TOKEN=… node follow-stream.mjs https://tournaments.example/api/v1/events/stream
//
// After any error (a 503 or 502 during a rolling upgrade, a 429, a dropped connection, a restart, 45 s of silence)
// it waits with exponential backoff and full jitter (1 s doubling up to 30 s, never less than Retry-After) and
// reconnects with Last-Event-ID: the last `id:` it received, so nothing is missed or repeated. It stops only when
// the answer cannot change by retrying: 400, 401, 403, 404, 410 (read its problem+json), or `event: gone`.

const url = process.argv[2];
if (!url) {
  console.error('usage: node follow-stream.mjs <stream URL>');
  process.exit(2);
}
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const SILENCE_MS = 45_000; // the server sends a comment every 15 s
const FINAL = new Set([400, 401, 403, 404, 410]);

let lastEventId = process.env.LAST_EVENT_ID ?? '';
let failures = 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text) => console.error(`${new Date().toISOString()} ${text}`);

function backoff(retryAfterSeconds) {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);
  failures += 1;
  return Math.max(ceiling / 2 + Math.random() * (ceiling / 2), retryAfterSeconds * 1000);
}

/** Reads one connection to its end; returns how long to wait before the next one, or null to stop. */
async function follow() {
  const controller = new AbortController();
  let silence = setTimeout(() => controller.abort(), SILENCE_MS);
  const headers = { accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  if (process.env.API_TOKEN) headers.authorization = `Bearer ${process.env.API_TOKEN}`;
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (FINAL.has(response.status)) {
      log(`stopped: ${response.status} ${await response.text()}`);
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const delay = backoff(Number(response.headers.get('retry-after')) || 0);
      log(`${response.status}: reconnecting in ${Math.round(delay)} ms`);
      return delay;
    }
    failures = 0;
    log('connected');
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
      buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
      let boundary;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const message = parse(buffer.slice(0, boundary));
        buffer = buffer.slice(boundary + 2);
        if (!message) continue;
        if (message.id !== undefined) lastEventId = message.id;
        if (message.event === 'gone') {
          log('stopped: the link no longer works');
          return null;
        }
        console.log(JSON.stringify(message));
      }
    }
    const delay = backoff(0);
    log(`stream ended: reconnecting in ${Math.round(delay)} ms`);
    return delay;
  } catch (error) {
    const delay = backoff(0);
    log(`${controller.signal.aborted ? 'silent for too long' : error.cause?.code ?? error.message}: reconnecting in ${Math.round(delay)} ms`);
    return delay;
  } finally {
    clearTimeout(silence);
  }
}

/** One message (the lines between two blank lines); comments and `retry:` alone give none. */
function parse(block) {
  let event = 'message';
  let id;
  const data = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (data.length === 0 && event === 'message') return null;
  const text = data.join('\n');
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { event, id, data: parsed };
}

for (;;) {
  const delay = await follow();
  if (delay === null) process.exit(1);
  await sleep(delay);
}
