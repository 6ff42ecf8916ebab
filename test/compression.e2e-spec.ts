import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createPremiumAccount, TestAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';
import { Organiser, SharedTournament } from './viewing/shared-tournaments';

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

jest.setTimeout(60_000);

describe('compressed answers (Accept-Encoding: br, gzip)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let organiser: Organiser;
  let tournament: SharedTournament;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createPremiumAccount(testApp);
    organiser = new Organiser(() => testApp.http, () => owner);
    tournament = await organiser.tournament('single_elimination', 32, { name: 'Compressed cup' });
    await organiser.playOut(tournament.base, undefined, 5);
    // Let the log number the events, so every viewer representation carries its ETag.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  afterAll(() => testApp?.close());

  it.each([
    ['the page (HTML)', () => `/v/${tournament.shareId}`, /^text\/html/],
    ['the embed (HTML)', () => `/v/${tournament.shareId}/embed`, /^text\/html/],
    ['the bracket (SVG)', () => `/v/${tournament.shareId}/bracket.svg`, /^image\/svg\+xml/],
    ['the standings (SVG)', () => `/v/${tournament.shareId}/standings.svg`, /^image\/svg\+xml/],
    ['the snapshot (JSON)', () => `/v/${tournament.shareId}.json`, /^application\/json/],
    ['the stylesheet', () => '/v/assets/viewer.css', /^text\/css/],
  ])('sends %s as brotli or gzip, whichever the client prefers, with the same ETag and content as uncompressed', async (_name, url, type) => {
    const plain = await testApp.http.get(url());
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared cache (a CDN) keeps one copy per coding, the uncompressed one included.
    if (url().startsWith('/v/') && !url().startsWith('/v/assets/')) expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ]) {
      const compressed = await testApp.http.get(url(), { headers: { 'accept-encoding': accept } });
      expect({ accept, status: compressed.statusCode, encoding: compressed.headers['content-encoding'] }).toEqual({ accept, status: 200, encoding });
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.headers.etag).toBe(plain.headers.etag);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(compressed)).toBe(plain.body);
    }
  });

  it('answers a current ETag 304 with no body whatever the encoding asked for', async () => {
    const first = await testApp.http.get(`/v/${tournament.shareId}`, { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.etag).toMatch(/^"e\d+-/);
    const again = await testApp.http.get(`/v/${tournament.shareId}`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the API’s JSON above 1 KiB, with its ETag unchanged, and sends small answers and problems as they are', async () => {
    const as = { token: owner.token };
    const list = await testApp.http.get(`${tournament.base}/participants?limit=100`, { ...as, headers: { 'accept-encoding': 'gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(decoded(list)) as { data: unknown[] }).data).toHaveLength(32);

    const standings = await testApp.http.get(`${tournament.base}/standings`, { ...as, headers: { 'accept-encoding': 'br' } });
    expect(standings.headers['content-encoding']).toBe('br');
    const etag = String(standings.headers.etag);
    expect(etag).toMatch(/^"e\d+-/);
    const unchanged = await testApp.http.get(`${tournament.base}/standings`, { ...as, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);

    const one = await testApp.http.get(`${tournament.base}/participants/${tournament.participants[0].id}`, { ...as, headers: { 'accept-encoding': 'gzip, br' } });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.length).toBeLessThan(1024);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json()).toMatchObject({ id: tournament.participants[0].id });

    const problem = await testApp.http.get('/api/v1/tournaments/not-an-id', { ...as, headers: { 'accept-encoding': 'gzip' } });
    expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problem.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body: it is refused as malformed JSON and creates nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/tournaments',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Zipped cup', format: 'swiss' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const list = await testApp.http.get('/api/v1/tournaments?limit=100', { token: owner.token });
    expect((list.json() as { data: { name: string }[] }).data.map((t) => t.name)).not.toContain('Zipped cup');
  });

  it('never compresses a live stream: its messages arrive as written', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (testApp.app.getHttpServer().address() as AddressInfo).port;
    const { headers, first } = await new Promise<{ headers: Record<string, unknown>; first: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: `/v/${tournament.shareId}/events`, headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } },
        (response) => {
          response.setEncoding('utf8');
          let text = '';
          response.on('data', (chunk: string) => {
            text += chunk;
            // The catch-up message (this client names no state) follows the retry line at once.
            if (text.includes('event: update')) {
              resolve({ headers: response.headers, first: text });
              response.destroy();
            }
          });
        },
      );
      request.on('error', reject);
      request.setTimeout(10_000, () => reject(new Error('no message within 10 s')));
      request.end();
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['content-encoding']).toBeUndefined();
    expect(first.startsWith('retry: 1000\n\n')).toBe(true);
  });
});
