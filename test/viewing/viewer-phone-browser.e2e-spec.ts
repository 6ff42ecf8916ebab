/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
// Issue 42: the live bracket on a phone (390 × 844) and a desktop (1280 × 800), light and dark: the round it opens
// on, moving round by round, names never cut off, the standings' columns, the winner, the embed's options, one
// participant's path, and axe-core's accessibility rules.
import { createServer, Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { settled } from '../support/settled';
import { openChromium, seriousAxeViolations } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';
import { Organiser, SharedTournament } from './shared-tournaments';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');
/** axe-core, read from the package as the tests' own tool (a devDependency, never shipped: docs/design/viewing.md). */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENS = [
  ['390', PHONE],
  ['1280', DESKTOP],
] as const;
const SCHEMES = ['light', 'dark'] as const;
const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';

jest.setTimeout(300_000);

/** docs/viewing.md's snippet for a page that frames an embed (the origin replaced). */
function snippet(origin: string): string {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'viewing.md'), 'utf8');
  const script = /```html\n(<script>[\s\S]*?<\/script>)\n```/.exec(docs)?.[1];
  if (!script) throw new Error('docs/viewing.md has no <script> snippet');
  return script.replace('https://tournaments.example', origin);
}

describe('the viewer on a phone and a desktop (issue 42)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let baseUrl: string;
  let otherSite: Server;
  let otherOrigin: string;
  let closeBrowser: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  let organiser: Organiser;
  const problems: string[] = [];

  beforeAll(async () => {
    otherSite = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const embed = url.searchParams.get('embed');
      if (!embed) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Club site</title><h1>Our club</h1><iframe title="Bracket" src="${embed}" width="100%" height="600"></iframe>${snippet(new URL(embed).origin)}`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    // `localhost`, so the framing site (127.0.0.1) is another origin.
    baseUrl = `http://localhost:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createPremiumAccount(testApp);
    organiser = new Organiser(() => testApp.http, () => owner);
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ context, page, close: closeBrowser } = await openChromium(DESKTOP));
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

  /** Runs `check` at 390 and 1280 px, light and dark, with a screenshot of each. */
  async function onEveryScreen(name: string, url: string, check: (screen: '390' | '1280') => Promise<void>): Promise<void> {
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const [screen, size] of SCREENS) {
        await page.setViewportSize(size);
        await page.goto(url);
        await check(screen);
        await page.screenshot({ path: join(SCREENSHOTS, `viewer-${name}-${screen}${colorScheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ name, screen, overflow }).toEqual({ name, screen, overflow: 0 });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
  }

  /** The label between the round buttons, once the script has written it. */
  async function roundLabel(): Promise<string> {
    const label = page.locator('.round-label').first();
    await page.waitForFunction(() => (document.querySelector('.round-label')?.textContent ?? '') !== '');
    return (await label.textContent()) ?? '';
  }

  async function visibleRounds(): Promise<string[]> {
    return page.locator('#v-sec-main .round').evaluateAll((rounds) => rounds.filter((round) => (round as HTMLElement).offsetParent !== null).map((round) => round.getAttribute('data-round')!));
  }

  /** A sideways swipe as a finger makes it, through the browser's own touch input. */
  async function swipe(dx: number): Promise<void> {
    const box = (await page.locator('#v-sec-main .bracket-scroll').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(box.height / 2, 120);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  let running: SharedTournament;

  it('opens on the round being played: on a phone that round and the next, on a desktop every round with the lines between them', async () => {
    running = await organiser.tournament('single_elimination', 16, { name: 'Phone cup', names: (index) => (index === 5 ? LONG_NAME : `Player ${index + 1}`) });
    await organiser.playOut(running.base, undefined, 8);
    await onEveryScreen('phone-live-round', `${baseUrl}/v/${running.shareId}`, async (screen) => {
      if (screen === '390') {
        await expect(roundLabel()).resolves.toBe('Quarter-finals · 2 of 4');
        await expect(visibleRounds()).resolves.toEqual(['main-2', 'main-3', 'main-4']);
        // The round being played starts at the bracket's left edge.
        const [scroller, round] = await Promise.all([page.locator('#v-sec-main .bracket-scroll').boundingBox(), page.locator('#v-r-main-2').boundingBox()]);
        expect(round!.x - scroller!.x).toBeLessThan(2);
      } else {
        await expect(page.locator('.round-nav').first().isVisible()).resolves.toBe(false);
        await expect(visibleRounds()).resolves.toEqual(['main-1', 'main-2', 'main-3', 'main-4']);
      }
      // Lines connect every round to the next: 8 + 4 + 2 of them at a desktop, from the visible rounds on a phone.
      await page.waitForFunction(() => (document.querySelector('#v-sec-main svg.connectors path.line')?.getAttribute('d') ?? '') !== '');
      const lines = await page.locator('#v-sec-main svg.connectors path.line:not(.on-path)').getAttribute('d');
      expect(lines!.match(/M/g)!.length).toBe(screen === '390' ? 4 + 2 : 8 + 4 + 2);
    });
  });

  it('moves round by round with the buttons and a swipe, and the URL keeps the round', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/v/${running.shareId}`);
    await expect(roundLabel()).resolves.toBe('Quarter-finals · 2 of 4');
    await page.getByRole('button', { name: 'Next round' }).click();
    await expect(roundLabel()).resolves.toBe('Semi-finals · 3 of 4');
    await expect(visibleRounds()).resolves.toEqual(['main-3', 'main-4']);
    expect(new URL(page.url()).searchParams.get('round')).toBe('main-3');
    await page.getByRole('button', { name: 'Next round' }).click();
    await expect(roundLabel()).resolves.toBe('Final · 4 of 4');
    await expect(page.getByRole('button', { name: 'Next round' }).isDisabled()).resolves.toBe(true);

    // A reload (or the link shared) opens on the same round.
    await page.reload();
    await expect(roundLabel()).resolves.toBe('Final · 4 of 4');

    // A swipe to the right goes back a round, one to the left forward.
    await swipe(200);
    await expect(roundLabel()).resolves.toBe('Semi-finals · 3 of 4');
    await swipe(200);
    await swipe(200);
    await expect(roundLabel()).resolves.toBe('Round 1 · 1 of 4');
    await expect(page.getByRole('button', { name: 'Previous round' }).isDisabled()).resolves.toBe(true);
    await swipe(-200);
    await expect(roundLabel()).resolves.toBe('Quarter-finals · 2 of 4');
    expect(new URL(page.url()).searchParams.get('round')).toBe('main-2');
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-phone-swiped-390.png') });

    // `?round=` also takes a round's number; a round that does not exist is ignored, and the page says so.
    await page.goto(`${baseUrl}/v/${running.shareId}?round=3`);
    await expect(roundLabel()).resolves.toBe('Semi-finals · 3 of 4');
    await page.goto(`${baseUrl}/v/${running.shareId}?round=9`);
    await expect(page.getByRole('status').getByText('Ignored round=9: this tournament has no such round.').isVisible()).resolves.toBe(true);
    await expect(roundLabel()).resolves.toBe('Quarter-finals · 2 of 4');
    await page.setViewportSize(DESKTOP);
  });

  it('cuts no name off, in the bracket or the standings, and keeps rank and name in place while the standings scroll', async () => {
    await onEveryScreen('phone-names', `${baseUrl}/v/${running.shareId}?round=1`, async () => {
      const names = async () =>
        page.locator('.opponent .name, .standings tbody th').evaluateAll((cells) =>
          cells.filter((cell) => (cell as HTMLElement).offsetParent !== null).map((cell) => ({ text: cell.textContent, cut: cell.scrollWidth > cell.clientWidth })),
        );
      const inBracket = await names();
      expect(inBracket.some((name) => name.text === LONG_NAME)).toBe(true);
      expect(inBracket.filter((name) => name.cut)).toEqual([]);
      await page.getByRole('link', { name: 'Standings' }).click();
      const inStandings = await names();
      expect(inStandings.map((name) => name.text)).toContain(LONG_NAME);
      expect(inStandings.filter((name) => name.cut)).toEqual([]);

      // Every column can be reached: scrolled to its end, the last column is on screen, rank and name still are.
      const scroller = page.locator('#v-standings .table-scroll');
      await scroller.evaluate((element) => (element.scrollLeft = element.scrollWidth));
      const viewport = page.viewportSize()!;
      const last = (await page.locator('.standings thead th').last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(viewport.width);
      const box = (await scroller.boundingBox())!;
      const [rank, name] = await Promise.all([page.locator('.standings tbody tr').first().locator('td').first().boundingBox(), page.locator('.standings tbody tr').first().locator('th').boundingBox()]);
      expect(rank!.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(name!.x).toBeGreaterThanOrEqual(rank!.x + rank!.width - 1);
      expect(name!.x + name!.width).toBeLessThanOrEqual(box.x + box.width);
      await page.getByRole('link', { name: 'Bracket' }).click();
    });
  });

  it('names the winner and the podium once the tournament is completed, and highlights one participant’s path', async () => {
    const done = await organiser.tournament('single_elimination', 8, { name: 'Finished cup' });
    await organiser.playOut(done.base);
    const champion = done.participants.find((participant) => participant.name === 'Player 1')!;
    await onEveryScreen('phone-winner', `${baseUrl}/v/${done.shareId}`, async (screen) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Winner: Player 1', exact: true }).isVisible()).resolves.toBe(true);
      const places = await page.locator('.podium-places li').allTextContents();
      expect(places[0]).toBe('1st Player 1');
      expect(places.map((place) => place.slice(0, 3))).toEqual(['1st', '2nd', '3rd', '3rd']);
      // A finished bracket opens on its final.
      if (screen === '390') await expect(roundLabel()).resolves.toBe('Final · 3 of 3');
    });

    await onEveryScreen('phone-highlight', `${baseUrl}/v/${done.shareId}?highlight=${champion.id}`, async (screen) => {
      await page.waitForFunction(() => document.querySelectorAll('.match.on-path').length > 0);
      // Visible matches of the champion: all three at a desktop, the final alone on a phone (which opens on it).
      const onPath = await page.locator('.match.on-path').evaluateAll((matches) => matches.filter((match) => (match as HTMLElement).offsetParent !== null).length);
      expect(onPath).toBe(screen === '390' ? 1 : 3);
      await expect(page.locator('.opponent.highlighted').first().textContent()).resolves.toContain('Player 1');
      if (screen === '1280') {
        const lit = await page.locator('svg.connectors path.on-path').getAttribute('d');
        expect(lit!.match(/M/g)!.length).toBe(2);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `viewer-phone-highlight-bracket-${screen}.png`), fullPage: true });
      await page.getByRole('link', { name: 'Standings' }).click();
      await expect(page.locator('.standings tr.highlighted th').textContent()).resolves.toBe('Player 1');
    });
    // No participant of this tournament: ignored, and said.
    await page.goto(`${baseUrl}/v/${done.shareId}?highlight=${running.participants[0].id}`);
    await expect(page.getByText(`Ignored highlight=${running.participants[0].id}: no participant of this tournament has this id.`).isVisible()).resolves.toBe(true);
    await expect(page.locator('.match.on-path').count()).resolves.toBe(0);
  });

  it('takes the embed’s options, each its own variant, and fits its frame to its height', async () => {
    await settled(testApp);
    const embed = `${baseUrl}/v/${running.shareId}/embed`;
    // Light by default even for a dark-mode visitor: the club's light page gets no dark box.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${otherOrigin}/?embed=${encodeURIComponent(embed)}`);
    let frame = page.frames().find((candidate) => candidate.url().startsWith(embed))!;
    await frame.waitForSelector('h1');
    await expect(frame.evaluate(() => [document.documentElement.getAttribute('data-theme'), getComputedStyle(document.querySelector('.panel')!).backgroundColor])).resolves.toEqual([
      'light',
      'rgb(255, 255, 255)',
    ]);

    // theme=dark, the standings tab, a transparent background: fitted to its height by the documented snippet.
    const options = `${embed}?theme=dark&tab=standings&background=transparent`;
    await page.goto(`${otherOrigin}/?embed=${encodeURIComponent(options)}`);
    frame = page.frames().find((candidate) => candidate.url().startsWith(embed))!;
    await frame.waitForSelector('#v-standings');
    const inside = await frame.evaluate(() => ({
      theme: document.documentElement.getAttribute('data-theme'),
      page: getComputedStyle(document.documentElement).backgroundColor,
      standings: (document.getElementById('v-standings') as HTMLElement).offsetParent !== null,
      bracket: (document.getElementById('v-sections') as HTMLElement).offsetParent !== null,
      height: Math.ceil(document.body.getBoundingClientRect().height),
    }));
    expect(inside).toMatchObject({ theme: 'dark', page: 'rgba(0, 0, 0, 0)', standings: true, bracket: false });
    await page.waitForFunction((height) => (document.querySelector('iframe') as HTMLIFrameElement).clientHeight === height, inside.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-embed-options-1280-dark.png'), fullPage: true });

    // scale=fit: the whole bracket in the frame's width, no sideways scrolling, at 390 and 1280.
    for (const [screen, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto(`${otherOrigin}/?embed=${encodeURIComponent(`${embed}?scale=fit`)}`);
      frame = page.frames().find((candidate) => candidate.url().startsWith(embed))!;
      await frame.waitForSelector('body.scale-fit svg.connectors', { state: 'attached' });
      const fitted = await frame.evaluate(() => {
        const scroller = document.querySelector('.bracket-scroll') as HTMLElement;
        const bracket = scroller.querySelector('.bracket') as HTMLElement;
        return { right: bracket.getBoundingClientRect().right, box: scroller.getBoundingClientRect().right, scaled: bracket.style.transform, rounds: [...document.querySelectorAll('#v-sec-main .round')].filter((round) => (round as HTMLElement).offsetParent !== null).length };
      });
      expect(fitted.right).toBeLessThanOrEqual(fitted.box + 1);
      expect(fitted.rounds).toBe(4);
      if (screen === '390') expect(fitted.scaled).toMatch(/^scale\(0\.\d+\)$/);
      await page.screenshot({ path: join(SCREENSHOTS, `viewer-embed-scale-fit-${screen}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Each variant is cached under its own tag; an unknown value is ignored with a notice, and is a variant too.
    const tags = new Set<string>();
    for (const query of ['', '?theme=light', '?theme=dark', '?tab=standings', '?theme=purple']) {
      const response = await testApp.http.get(`/v/${running.shareId}/embed${query}`);
      expect(response.statusCode).toBe(200);
      tags.add(String(response.headers.etag));
      const again = await testApp.http.get(`/v/${running.shareId}/embed${query}`, { headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);
      if (query === '?theme=purple') expect(response.body).toContain('Ignored theme=purple: it takes light, dark or auto.');
    }
    // `theme=light` is the embed's default: the same page, the same tag.
    expect(tags.size).toBe(4);
  });

  it('keeps a 1 024-player double elimination usable on a phone: the standings one tap away, the script quick', async () => {
    const big = await organiser.tournament('double_elimination', 1024, { name: 'Big cup' });
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/v/${big.shareId}`);
    await expect(roundLabel()).resolves.toBe('Round 1 · 1 of 10');
    // The script's whole pass (marks, folded rounds, every line) over some 2 000 matches, timed in the page.
    const took = await page.evaluate(() => {
      const started = performance.now();
      window.dispatchEvent(new Event('resize'));
      return new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started))));
    });
    expect(took).toBeLessThan(1000);
    const tab = (await page.getByRole('link', { name: 'Standings' }).boundingBox())!;
    expect(tab.y + tab.height).toBeLessThanOrEqual(PHONE.height);
    await page.getByRole('link', { name: 'Standings' }).click();
    const heading = (await page.getByRole('heading', { level: 2, name: 'Standings' }).boundingBox())!;
    expect(heading.y).toBeLessThan(PHONE.height);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-phone-1024-standings-390.png') });
    await page.setViewportSize(DESKTOP);
  });

  it('has no serious accessibility violation (axe-core) on the page, the embed and a completed tournament, light and dark', async () => {
    const done = await organiser.tournament('double_elimination', 8, { name: 'Accessible cup', names: (index) => (index === 2 ? 'مريم الحسيني' : `Player ${index + 1}`) });
    await organiser.playOut(done.base);
    const urls = [`${baseUrl}/v/${running.shareId}`, `${baseUrl}/v/${running.shareId}?tab=standings`, `${baseUrl}/v/${running.shareId}/embed?highlight=${running.participants[0].id}`, `${baseUrl}/v/${done.shareId}`];
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const [screen, size] of SCREENS) {
        await page.setViewportSize(size);
        for (const url of urls) {
          await page.goto(url);
          await page.waitForFunction(() => document.querySelector('svg.connectors') !== null || document.querySelector('.tab-standings') !== null);
          const found = await seriousAxeViolations(page);
          expect({ url, screen, colorScheme, found }).toEqual({ url, screen, colorScheme, found: [] });
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
  });
});
