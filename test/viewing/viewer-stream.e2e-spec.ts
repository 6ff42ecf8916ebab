import { spawn } from 'node:child_process';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { settled } from '../support/settled';
import { startTestApp, TestApp } from '../support/test-app';
import { FlakyProxy } from './flaky-proxy';
import { Organiser } from './shared-tournaments';

interface Update {
  event: string;
  id?: string;
  data: string;
}

/** A raw Server-Sent Events reader: every message as it came, and the end of the stream. */
class ViewerStream {
  readonly messages: Update[] = [];
  ended = false;
  private buffer = '';
  private response?: IncomingMessage;

  static open(port: number, path: string, headers: Record<string, string> = {}): Promise<ViewerStream> {
    const stream = new ViewerStream();
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        stream.response = response;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => stream.receive(chunk));
        response.on('close', () => (stream.ended = true));
        resolve(stream);
      });
      request.on('error', reject);
      request.end();
    });
  }

  get status(): number {
    return this.response?.statusCode ?? 0;
  }

  get headers(): IncomingMessage['headers'] {
    return this.response?.headers ?? {};
  }

  async waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.response?.destroy();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let boundary: number;
    while ((boundary = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, boundary);
      this.buffer = this.buffer.slice(boundary + 2);
      const message: Update = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('data: ')) message.data += line.slice(6);
      }
      if (message.data || message.event !== 'message') this.messages.push(message);
    }
  }
}

jest.setTimeout(60_000);

describe('the viewer pages’ public live stream, and CORS for the API', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let port: number;
  let organiser: Organiser;
  const listed = 'https://club.example';

  beforeAll(async () => {
    testApp = await startTestApp({ corsOrigins: [listed] });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    owner = await createPremiumAccount(testApp);
    organiser = new Organiser(() => testApp.http, () => owner);
  });

  afterAll(() => testApp.close());

  it('updates a live series game by game (issue 44): each game sends its match again, the games on demand', async () => {
    const tournament = await organiser.tournament('single_elimination', 4, { bestOf: 5 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const state = /data-state="([^"]+)"/.exec((await testApp.http.get(`/v/${tournament.shareId}`)).body)![1];
    const stream = await ViewerStream.open(port, `/v/${tournament.shareId}/events?since=${state}`);
    const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    const games = [{ scores: [11, 7] }, { scores: [9, 11] }];
    const columns = () =>
      stream.messages
        .filter((message) => message.event === 'update')
        .flatMap((message) => (JSON.parse(message.data) as { parts: { id: string; html: string }[] }).parts.filter((part) => part.id === `v-m-${first.number}`));
    for (const played of [1, 2]) {
      await organiser.report(tournament.base, first, { games: games.slice(0, played) });
      await stream.waitFor(() => columns().some((part) => part.html.includes(`Live: game ${played + 1}`)), 5000, `the column after game ${played}`);
    }
    expect(columns().at(-1)!.html).toContain('<summary title="11–7, 9–11">');
    expect(columns().at(-1)!.html).toMatch(/<span class="score">1<\/span>.*<span class="score">1<\/span>/s);
    stream.close();
  });

  it('sends the changed parts of the page after a result, nothing private, and ends when the link is rotated', async () => {
    const tournament = await organiser.tournament('single_elimination', 4, { metadata: { secret_ref: 'organiser-only' } });
    // The log numbers events just after their commit: let the start's events be numbered, and the view revalidated.
    await settled(testApp);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const page = await testApp.http.get(`/v/${tournament.shareId}`);
    const state = /data-state="([^"]+)"/.exec(page.body)![1];
    expect(state).toMatch(/^e\d+-/);
    expect(page.headers.etag).toBe(`"${state}.page"`);

    const stream = await ViewerStream.open(port, `/v/${tournament.shareId}/events?since=${state}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Up to date: nothing is sent until something changes.
    expect(stream.messages).toEqual([]);

    const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    await organiser.report(tournament.base, first, { scores: [5, 3] });
    const reportedAt = Date.now();
    await stream.waitFor(() => stream.messages.some((message) => message.event === 'update'), 2000, 'an update');
    expect(Date.now() - reportedAt).toBeLessThan(1000);
    const update = stream.messages.find((message) => message.event === 'update')!;
    const body = JSON.parse(update.data) as { state: string; parts: { id: string; html: string }[] };
    expect(update.id).toBe(body.state);
    expect(body.state).not.toBe(state);
    // The matches that changed (the result, and the final its winner moved on to), the status line and the standings
    // rows that changed: not the whole page, not a whole column or table.
    const ids = body.parts.map((part) => part.id);
    expect(ids.filter((id) => !id.startsWith('v-s-')).sort()).toEqual([`v-m-${first.number}`, 'v-m-3', 'v-status']);
    expect(ids.filter((id) => id.startsWith('v-s-')).length).toBeGreaterThanOrEqual(2);
    expect(body.parts.find((part) => part.id === `v-m-${first.number}`)!.html).toContain('<span class="score">5</span>');
    for (const secret of ['organiser-only', 'ext-', 'example.com', tournament.id, first.id, owner.id, ...tournament.participants.map((p) => p.id)]) {
      expect(update.data.includes(secret) ? secret : null).toBeNull();
    }

    // A viewer reconnecting from the old state gets every part at once.
    const behind = await ViewerStream.open(port, `/v/${tournament.shareId}/events`, { 'last-event-id': state });
    await behind.waitFor(() => behind.messages.some((message) => message.event === 'update'), 2000, 'the catch-up');
    expect(JSON.parse(behind.messages.find((message) => message.event === 'update')!.data).parts.map((part: { id: string }) => part.id)).toEqual([
      'v-status',
      'v-tabs',
      'v-schedule',
      'v-sections',
      'v-standings',
    ]);
    behind.close();

    await testApp.http.post(`/api/v1/tournaments/${tournament.id}/share/rotate`, undefined, { token: owner.token });
    await stream.waitFor(() => stream.ended, 3000, 'the end of the stream');
    expect(stream.messages.at(-1)?.event).toBe('gone');
    const old = await ViewerStream.open(port, `/v/${tournament.shareId}/events`);
    expect(old.status).toBe(404);
    old.close();
  });

  it('brings a burst of results to every viewer in order, all of them within a second of the last', async () => {
    const tournament = await organiser.tournament('single_elimination', 8);
    await settled(testApp);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const state = /data-state="([^"]+)"/.exec((await testApp.http.get(`/v/${tournament.shareId}`)).body)![1];
    const viewers = await Promise.all([1, 2, 3].map(() => ViewerStream.open(port, `/v/${tournament.shareId}/events?since=${state}`)));
    const ready = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    expect(ready).toHaveLength(4);
    for (const match of ready) await organiser.report(tournament.base, match, { scores: [3, 1] });
    const lastAt = Date.now();
    // A match comes as a part of its own, or inside its round's column when the column's shape changed.
    const reported = (viewer: ViewerStream) => {
      const html = viewer.messages.filter((message) => message.event === 'update').flatMap((message) => (JSON.parse(message.data) as { parts: { html: string }[] }).parts.map((part) => part.html));
      return ready.filter((match) => html.some((part) => /^[^]*?<\/ul>/.exec(part.split(`<li id="v-m-${match.number}"`)[1] ?? '')?.[0].includes('<span class="score">3</span>')));
    };
    for (const viewer of viewers) await viewer.waitFor(() => reported(viewer).length === ready.length, 3000, 'every result');
    expect(Date.now() - lastAt).toBeLessThan(1000);
    for (const viewer of viewers) {
      // Each update names the state it brings the page to: the log's sequence only goes up.
      const sequences = viewer.messages.filter((message) => message.event === 'update').map((message) => Number(/^e(\d+)-/.exec(message.id!)![1]));
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      expect(new Set(sequences).size).toBe(sequences.length);
      viewer.close();
    }
  });

  it('the documented bot example keeps following through 503s and a 429, resuming with Last-Event-ID', async () => {
    const tournament = await organiser.tournament('single_elimination', 4);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const proxy = await FlakyProxy.start(port);
    // A rolling upgrade is under way when the bot starts.
    proxy.fail(503);
    const bot = spawn(process.execPath, [join(__dirname, '..', '..', 'docs', 'examples', 'follow-stream.mjs'), `${proxy.url}/v/${tournament.shareId}/events`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: { event: string; id?: string; data: { state: string; parts: { id: string; html: string }[] } }[] = [];
    let stdout = '';
    let stderr = '';
    bot.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      let end: number;
      while ((end = stdout.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(stdout.slice(0, end)));
        stdout = stdout.slice(end + 1);
      }
    });
    bot.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const waitFor = async (predicate: () => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!predicate()) {
        if (Date.now() > deadline || bot.exitCode !== null) throw new Error(`timed out waiting for ${what}; the bot said: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await waitFor(() => proxy.answered(503).length >= 2, 'two 503s');
      proxy.pass();
      // Its first connection, without Last-Event-ID, gets the whole page's parts.
      await waitFor(() => lines.length === 1, 'the first update');
      const caughtUp = lines[0].id!;
      expect(lines[0].data.state).toBe(caughtUp);

      proxy.fail(429, { 'retry-after': '2' });
      const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
      await organiser.report(tournament.base, first, { scores: [4, 2] });
      await waitFor(() => proxy.answered(429).length >= 1, 'a 429');
      const refusedAt = proxy.answered(429)[0].at;
      proxy.pass();
      await waitFor(() => lines.length === 2, 'the update after the result');
      // Behind the current state, it gets every part at once, the result in them.
      expect(lines[1].data.parts.map((part) => part.html).join('')).toContain('<span class="score">4</span>');
      expect(lines[1].id).not.toBe(caughtUp);
      const resumed = proxy.streamRequests.filter((request) => request.at > refusedAt);
      expect(resumed[0].at - refusedAt).toBeGreaterThanOrEqual(1900);
      expect(resumed.map((request) => request.lastEventId)).toEqual([caughtUp]);
      expect(stderr).toMatch(/503: reconnecting in \d+ ms/);

      // A rotated link ends the stream for good: the bot stops.
      await testApp.http.post(`/api/v1/tournaments/${tournament.id}/share/rotate`, undefined, { token: owner.token });
      await waitFor(() => bot.exitCode !== null, 'the bot to stop');
      expect(stderr).toContain('stopped');
    } finally {
      bot.kill();
      await proxy.close();
    }
  });

  it('answers a listed origin’s preflight and requests, and gives any other origin nothing to read', async () => {
    const preflight = await testApp.http.request('OPTIONS', '/api/v1/tournaments', {
      headers: { origin: listed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(listed);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const listedGet = await testApp.http.get('/api/v1/tournaments', { token: owner.token, headers: { origin: listed } });
    expect(listedGet.statusCode).toBe(200);
    expect(listedGet.headers['access-control-allow-origin']).toBe(listed);
    expect(String(listedGet.headers['access-control-expose-headers'])).toMatch(/ETag/);
    expect(listedGet.headers.vary).toMatch(/Origin/);

    const other = await testApp.http.request('OPTIONS', '/api/v1/tournaments', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const otherGet = await testApp.http.get('/api/v1/tournaments', { token: owner.token, headers: { origin: 'https://evil.example' } });
    expect(otherGet.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the viewers’ live streams are bounded per client address and per instance', () => {
  let testApp: TestApp;
  let port: number;
  let organiser: Organiser;
  const opened: ViewerStream[] = [];

  beforeAll(async () => {
    // One proxy hop is trusted, so X-Forwarded-For names the client, as behind the compose stack's HAProxy.
    testApp = await startTestApp({ publicStreamsPerAddress: 2, publicStreamsPerInstance: 3, trustProxy: '1' });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    const owner = await createPremiumAccount(testApp);
    organiser = new Organiser(() => testApp.http, () => owner);
  });

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await testApp.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const open = async (path: string, address: string) => {
    const stream = await ViewerStream.open(port, path, from(address));
    opened.push(stream);
    return stream;
  };
  /** A refused (or any short) answer, read whole. */
  const refusal = async (path: string, address: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: 'text/event-stream', ...from(address) }, signal: AbortSignal.timeout(5_000) });
    return { status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
  };

  it('refuses with 429 viewer_streams_exceeded past either bound, and a closed stream frees its place', async () => {
    const { shareId } = await organiser.tournament('single_elimination', 4);
    const path = `/v/${shareId}/events`;
    const first = await open(path, '203.0.113.1');
    const second = await open(path, '203.0.113.1');
    expect([first.status, second.status]).toEqual([200, 200]);

    const overAddress = await refusal(path, '203.0.113.1');
    expect(overAddress).toMatchObject({ status: 429, type: expect.stringMatching(/^application\/problem\+json/), body: { code: 'viewer_streams_exceeded', scope: 'address', limit: 2 } });
    expect(Number(overAddress.retryAfter)).toBeGreaterThan(0);

    expect((await open(path, '203.0.113.2')).status).toBe(200);
    expect(await refusal(path, '203.0.113.3')).toMatchObject({ status: 429, body: { code: 'viewer_streams_exceeded', scope: 'instance', limit: 3 } });

    // Closing one frees its place (once the server has seen the connection close: bounded wait).
    first.close();
    let reopened: ViewerStream | undefined;
    for (let attempt = 0; attempt < 50 && !reopened; attempt++) {
      const candidate = await open(path, '203.0.113.3');
      if (candidate.status === 200) reopened = candidate;
      else {
        candidate.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(reopened?.status).toBe(200);
    expect((await refusal(path, '203.0.113.1')).body).toMatchObject({ code: 'viewer_streams_exceeded', scope: 'instance' });

    // A link that leads nowhere holds no place: three 404s in a row from one address with room for two.
    for (const stream of [second, reopened!]) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 3; i++) expect((await refusal('/v/AAAAAAAAAAAAAAAAAAAAAA/events', '203.0.113.4')).status).toBe(404);
  });
});
