/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
import { createServer, Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { openChromium } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';
import { FlakyProxy } from './flaky-proxy';
import { Organiser, SharedTournament } from './shared-tournaments';

/** Debian's Chromium; the tests fail (never skip) without it. */
/** Every viewer page is captured here (git-ignored), to be looked at. */
const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');

jest.setTimeout(240_000);

/** docs/viewing.md's snippet for a page that frames an embed, as a club's site copies it (the origin replaced). */
function snippet(origin: string): string {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'viewing.md'), 'utf8');
  const script = /```html\n(<script>[\s\S]*?<\/script>)\n```/.exec(docs)?.[1];
  if (!script) throw new Error('docs/viewing.md has no <script> snippet');
  return script.replace('https://tournaments.example', origin);
}

describe('viewer pages in a real browser', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let baseUrl: string;
  /** Another site: serves a page that frames the embed and calls the API from the browser. */
  let otherSite: Server;
  let listedOrigin: string;
  let unlistedOrigin: string;
  let closeBrowser: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  let organiser: Organiser;
  const problems: string[] = [];

  beforeAll(async () => {
    otherSite = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const embed = url.searchParams.get('embed') ?? '';
      // With ?fit, the page carries docs/viewing.md's snippet, which sizes the frame to the height the embed posts.
      const fit = url.searchParams.has('fit') ? snippet(new URL(embed).origin) : '';
      response.end(`<!doctype html><title>Club site</title><h1>Our club</h1><iframe title="Bracket" src="${embed}" width="1000" height="600"></iframe>${fit}`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    const port = (otherSite.address() as AddressInfo).port;
    // One server, two origins: `localhost` is listed in CORS_ORIGINS, `127.0.0.1` is not.
    listedOrigin = `http://localhost:${port}`;
    unlistedOrigin = `http://127.0.0.1:${port}`;
    testApp = await startTestApp({ corsOrigins: [listedOrigin] });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createPremiumAccount(testApp);
    organiser = new Organiser(() => testApp.http, () => owner);
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ context, page, close: closeBrowser } = await openChromium());
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
    await new Promise((resolve) => otherSite?.close(resolve));
  });

  afterEach(() => expect(problems.splice(0)).toEqual([]));

  /** Screenshots at 1280 and 390 px, light and dark; the page itself never scrolls sideways. */
  async function capture(name: string): Promise<void> {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.screenshot({ path: join(SCREENSHOTS, `viewer-${name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ name, width, overflow }).toEqual({ name, width, overflow: 0 });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it('shows a result reported through the API within a second, without a reload', async () => {
    const tournament = await organiser.tournament('single_elimination', 8, { name: 'Live cup' });
    await page.goto(`${baseUrl}/v/${tournament.shareId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Live cup' }).isVisible()).resolves.toBe(true);
    // The live script has connected when the stream is open; a marker on window shows the page was not reloaded.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.waitForTimeout(300);

    const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    const winner = first.opponents[0].name!;
    await organiser.report(tournament.base, first, { scores: [3, 1] });
    const reportedAt = Date.now();
    const match = page.getByRole('listitem', { name: `Match ${first.number}`, exact: true });
    await match.locator('.winner').filter({ hasText: winner }).waitFor({ timeout: 1000 });
    expect(Date.now() - reportedAt).toBeLessThanOrEqual(1000);
    await expect(match.locator('.winner .score').textContent()).resolves.toBe('3');
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    // The standings table moved with it (on its tab, switched without a reload).
    await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Standings' }).click();
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(winner) }).getByRole('cell').nth(2).textContent()).resolves.toBe('1');
  });

  it('marks a live patch\'s new matches and rows again (viewer:updated after swaps and row moves), with both sets of ids and attributes', async () => {
    const tournament = await organiser.tournament('single_elimination', 8, { name: 'Moving cup' });
    const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    // The lower seed wins, so its standings row moves up: a row move, not only a swap.
    const underdog = first.opponents[1];
    await page.goto(`${baseUrl}/v/${tournament.shareId}?highlight=${underdog.participant_id}`);
    await page.waitForFunction(() => document.querySelectorAll('.match.on-path').length > 0);
    const rowIds = () => page.locator('#v-standings-rows > tr').evaluateAll((rows) => rows.map((row) => row.id));
    const before = await rowIds();
    await page.evaluate(() => {
      const counted = window as unknown as { updates: number };
      counted.updates = 0;
      document.addEventListener('viewer:updated', () => (counted.updates += 1));
    });
    await page.waitForTimeout(300);

    await organiser.report(tournament.base, first, { scores: [1, 3] });
    const match = page.locator(`#v-m-${first.number}`);
    await match.locator('.winner').filter({ hasText: underdog.name! }).waitFor();
    await page.waitForFunction(() => (window as unknown as { updates: number }).updates > 0);
    const after = await rowIds();
    expect(after).not.toEqual(before);
    expect([...after].sort()).toEqual([...before].sort());
    // The patched match: the live id and the phone viewer's attributes, marked again by viewer-ui.js.
    await expect(match.getAttribute('data-number')).resolves.toBe(String(first.number));
    await expect(match.getAttribute('data-next')).resolves.toMatch(/^\d+$/);
    await expect(match.getAttribute('class')).resolves.toContain('on-path');
    await expect(match.locator('.opponent.winner').getAttribute('data-p')).resolves.toMatch(/^\d+$/);
    // The moved row: its live id, data-p and highlight, ranks numbered by the page from data-tie.
    const row = page.locator('table.standings tr.highlighted');
    await expect(row.count()).resolves.toBe(1);
    await expect(row.getAttribute('id')).resolves.toMatch(/^v-s-\d+$/);
    await expect(row.locator('th').textContent()).resolves.toBe(underdog.name);
    const ranks = await page.locator('#v-standings-rows > tr').evaluateAll((rows) =>
      rows.map((row) => ({ rank: Number(row.querySelector('td.rank')?.textContent), tie: row.hasAttribute('data-tie') })),
    );
    ranks.forEach((entry, index) => expect(entry.rank).toBe(entry.tie ? ranks[index - 1].rank : index + 1));
  });

  it('keeps updating through 503s and a 429 behind a proxy, resuming from the state it shows, and says when it is stale', async () => {
    const tournament = await organiser.tournament('single_elimination', 8, { name: 'Rolling upgrade cup' });
    // Let the start's events be numbered, so the page carries a state the stream can resume from.
    await page.waitForTimeout(1100);
    const proxy = await FlakyProxy.start(Number(new URL(baseUrl).port));
    try {
      await page.goto(`${proxy.url}/v/${tournament.shareId}`);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const note = page.locator('#v-live');
      await page.waitForFunction(() => /^Live · updated \d\d:\d\d:\d\d$/.test(document.getElementById('v-live')?.textContent ?? ''));
      const shown = await page.evaluate(() => document.body.getAttribute('data-state'));

      // A rolling upgrade: the open stream is cut and every new one answered 503 for a while.
      proxy.fail(503);
      await page.waitForFunction(() => (document.getElementById('v-live')?.textContent ?? '').startsWith('Reconnecting…'));
      await expect(note.textContent()).resolves.toMatch(/^Reconnecting… \(updated \d\d:\d\d:\d\d\)$/);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SCREENSHOTS, 'viewer-reconnecting-390.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
      const [first] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
      await organiser.report(tournament.base, first, { scores: [2, 0] });
      const deadline = Date.now() + 20_000;
      while (proxy.answered(503).length < 2 && Date.now() < deadline) await page.waitForTimeout(100);
      expect(proxy.answered(503).length).toBeGreaterThanOrEqual(2);
      const match = page.getByRole('listitem', { name: `Match ${first.number}`, exact: true });
      await expect(match.locator('.winner').count()).resolves.toBe(0);

      // Then the proxy says "too many" with Retry-After: the next try waits at least that long.
      proxy.fail(429, { 'retry-after': '2' });
      while (proxy.answered(429).length < 1 && Date.now() < deadline + 10_000) await page.waitForTimeout(100);
      const refusedAt = proxy.answered(429)[0].at;
      proxy.pass();

      await match.locator('.winner').filter({ hasText: first.opponents[0].name! }).waitFor({ timeout: 40_000 });
      await page.waitForFunction(() => (document.getElementById('v-live')?.textContent ?? '').startsWith('Live · updated'));
      const next = proxy.streamRequests.find((request) => request.at > refusedAt)!;
      expect(next.at - refusedAt).toBeGreaterThanOrEqual(1900);
      // Every reconnection resumed from the state the page showed, and the page was updated in place.
      expect(proxy.streamRequests.length).toBeGreaterThanOrEqual(4);
      for (const request of proxy.streamRequests) expect(request.lastEventId).toBe(shown);
      await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, 'viewer-reconnected-1280.png') });
    } finally {
      // Leave the page first: it would keep trying the closed proxy.
      await page.goto('about:blank');
      await proxy.close();
    }
  });

  it('recovers by itself when the network drops mid-update: the result reported while offline shows once it is back', async () => {
    const tournament = await organiser.tournament('single_elimination', 8, { name: 'Offline cup' });
    await page.waitForTimeout(1100);
    await page.goto(`${baseUrl}/v/${tournament.shareId}`);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.waitForFunction(() => /^Live · updated \d\d:\d\d:\d\d$/.test(document.getElementById('v-live')?.textContent ?? ''));
    const [first, second] = (await organiser.matches(tournament.base)).filter((match) => match.status === 'ready');
    try {
      // The first result arrives, then the phone loses its network while the second is being reported.
      await organiser.report(tournament.base, first, { scores: [2, 0] });
      await page.getByRole('listitem', { name: `Match ${first.number}`, exact: true }).locator('.winner').waitFor({ timeout: 5000 });
      await context.setOffline(true);
      await organiser.report(tournament.base, second, { scores: [0, 2] });
      await page.waitForFunction(() => (document.getElementById('v-live')?.textContent ?? '').startsWith('Reconnecting…'), undefined, { timeout: 20_000 });
      const match = page.getByRole('listitem', { name: `Match ${second.number}`, exact: true });
      await expect(match.locator('.winner').count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('listitem', { name: `Match ${second.number}`, exact: true }).locator('.winner').filter({ hasText: second.opponents[1].name! }).waitFor({ timeout: 40_000 });
    await page.waitForFunction(() => (document.getElementById('v-live')?.textContent ?? '').startsWith('Live · updated'));
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
  });

  it('is readable without the script, and shows the 404 page for a link that leads nowhere', async () => {
    const tournament = await organiser.tournament('round_robin', 4, { name: 'Script-free cup' });
    const plain = await context.browser()?.newContext({ javaScriptEnabled: false });
    const bare = plain ? await plain.newPage() : await context.newPage();
    await bare.goto(`${baseUrl}/v/${tournament.shareId}`);
    await expect(bare.getByRole('heading', { level: 2, name: 'Rounds' }).isVisible()).resolves.toBe(true);
    // Without the script a tab is a link to the page showing that tab.
    await bare.getByRole('link', { name: 'Standings' }).click();
    await bare.waitForURL(/\?tab=standings$/);
    await expect(bare.getByRole('heading', { level: 2, name: 'Standings' }).isVisible()).resolves.toBe(true);
    await expect(bare.getByRole('table').getByRole('row').count()).resolves.toBe(5);
    await bare.close();
    await plain?.close();

    const response = await page.goto(`${baseUrl}/v/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing to see here' }).isVisible()).resolves.toBe(true);
    await capture('not-found');
  });

  it.each([
    ['single_elimination', 13, 9],
    ['double_elimination', 8, 12],
    ['round_robin', 6, 8],
    ['swiss', 8, 6],
    ['free_for_all', 6, 1],
  ] as const)('draws a %s at 1280 and 390 px, light and dark', async (format, count, reports) => {
    const names = (index: number) => (index === 2 ? 'مريم الحسيني' : index === 3 ? '<b>Bold</b> & "Quoted" Player With A Long Name' : `Player ${index + 1}`);
    const tournament: SharedTournament = await organiser.tournament(format, count, { name: `${format.replace(/_/g, ' ')} cup`, names });
    await organiser.playOut(tournament.base, undefined, reports);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/v/${tournament.shareId}`);
    await page.getByText('<b>Bold</b> & "Quoted" Player With A Long Name').filter({ visible: true }).first().waitFor();
    // On a phone a bracket of several rounds shows one at a time, with buttons to move (once the script has seen the resize).
    await page.setViewportSize({ width: 390, height: 844 });
    if (format !== 'free_for_all') await page.getByRole('button', { name: 'Next round' }).first().waitFor({ state: 'visible' });
    await capture(format);
    await page.getByRole('link', { name: 'Standings' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Standings' }).isVisible()).resolves.toBe(true);
    await capture(`${format}-standings`);
  });

  it('draws a league page with its table and its shared tournaments, the private one counted but unnamed', async () => {
    const league = (await testApp.http.post('/api/v1/leagues', { name: 'City chess league', season: '2026 Spring', visibility: 'unlisted', status: 'active' }, { token: owner.token })).json() as {
      id: string;
      share_id: string;
    };
    for (const [name, format, visibility] of [
      ['Opening cup', 'single_elimination', 'private'],
      ['Winter swiss', 'swiss', 'unlisted'],
    ] as const) {
      const tournament = await organiser.tournament(format, 4, { start: false, name, visibility });
      await organiser.patch(tournament.base, { league_id: league.id, status: 'in_progress' });
      if (name === 'Opening cup') await organiser.playOut(tournament.base);
    }
    await page.goto(`${baseUrl}/v/${league.share_id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'League table' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 3, name: 'Winter swiss' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('1 more tournament is not shared').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Opening cup').count()).resolves.toBe(0);
    // The private tournament's results are in the table: its winner heads it.
    await expect(page.getByRole('rowheader', { name: 'Player 1' }).isVisible()).resolves.toBe(true);
    await capture('league');
  });

  it('works inside an iframe of another site, whose scripts cannot call the API unless their origin is listed', async () => {
    const tournament = await organiser.tournament('double_elimination', 6, { name: 'Embedded cup' });
    await organiser.playOut(tournament.base, undefined, 3);
    await page.goto(`${unlistedOrigin}/?embed=${encodeURIComponent(`${baseUrl}/v/${tournament.shareId}/embed`)}`);
    const frame = page.frameLocator('iframe[title="Bracket"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Embedded cup' }).isVisible()).resolves.toBe(true);
    await expect(frame.getByRole('heading', { level: 2, name: 'Losers’ bracket' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-embed-in-iframe-1280.png'), fullPage: true });

    // The full page refuses to be framed (frame-ancestors 'none'): the frame stays empty, the browser reports it.
    const callApi = (url: string, token: string) =>
      page.evaluate(
        async ({ url, token }) => {
          try {
            const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
            return `status ${response.status}`;
          } catch {
            return 'refused';
          }
        },
        { url, token },
      );
    const api = `${baseUrl}/api/v1/tournaments/${tournament.id}`;
    await expect(callApi(api, owner.token)).resolves.toBe('refused');
    // The public snapshot is open to every site.
    await expect(callApi(`${baseUrl}/v/${tournament.shareId}.json`, '')).resolves.toBe('status 200');
    problems.splice(0);

    await page.goto(`${listedOrigin}/`);
    await expect(callApi(api, owner.token)).resolves.toBe('status 200');
  });

  it('sizes its frame to its content when the framing page has the documented snippet (issue 42)', async () => {
    const tournament = await organiser.tournament('double_elimination', 16, { name: 'Fitted cup' });
    await organiser.playOut(tournament.base, undefined, 6);
    await page.goto(`${unlistedOrigin}/?fit&embed=${encodeURIComponent(`${baseUrl}/v/${tournament.shareId}/embed`)}`);
    const frame = page.frameLocator('iframe[title="Bracket"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Fitted cup' }).isVisible()).resolves.toBe(true);
    const iframe = page.locator('iframe[title="Bracket"]');
    await page.waitForFunction(() => (document.querySelector('iframe') as HTMLIFrameElement).clientHeight > 600);
    const inner = await frame.locator('body').evaluate((body) => ({
      body: Math.ceil(body.getBoundingClientRect().height),
      scroll: document.documentElement.scrollHeight,
      client: document.documentElement.clientHeight,
    }));
    const outer = await iframe.evaluate((element) => element.clientHeight);
    // The frame is as tall as the page in it, which no longer scrolls inside itself.
    expect(outer).toBe(inner.body);
    expect(inner.scroll).toBeLessThanOrEqual(inner.client);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-embed-fitted-1280.png'), fullPage: true });
  });

  it('refuses to be framed as a full page', async () => {
    const tournament = await organiser.tournament('swiss', 4, { name: 'Unframed cup' });
    await page.goto(`${unlistedOrigin}/?embed=${encodeURIComponent(`${baseUrl}/v/${tournament.shareId}`)}`);
    await page.waitForTimeout(500);
    const framed = page.frames().find((frame) => frame.url().includes(tournament.shareId));
    const shown = framed ? await framed.getByText('Unframed cup').count() : 0;
    expect(shown).toBe(0);
    problems.splice(0);
  });
});
