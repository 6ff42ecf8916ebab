/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
// Stages on the viewer page (issue 40) in Chromium, on a phone (390 × 844) and a desktop (1280 × 800), light and dark:
// no sideways scrolling but inside the bracket, the group tables whole, results arriving live, and axe-core's rules.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Page } from 'playwright-core';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { openChromium, seriousAxeViolations } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');
const SCREENS = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const;
const SCHEMES = ['light', 'dark'] as const;
const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';
const TOURNAMENTS = '/api/v1/tournaments';

interface MatchJson {
  id: string;
  number: number;
  stage: string | null;
  group: string | null;
  status: string;
  opponents: { seed: number | null }[];
}

jest.setTimeout(180_000);

describe('the viewer page of a staged tournament in Chromium (issue 40)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let baseUrl: string;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  let base: string;
  let shareId: string;
  const problems: string[] = [];

  const as = () => ({ token: owner.token });
  const ready = async () => ((await testApp.http.get(`${base}/matches?limit=100&status=ready`, as())).json() as { data: MatchJson[] }).data.sort((a, b) => a.number - b.number);
  /** The better seed wins 2–1. */
  const report = async (match: MatchJson) => {
    const better = match.opponents[0].seed! < match.opponents[1].seed! ? 0 : 1;
    const response = await testApp.http.patch(`${base}/matches/${match.id}`, { scores: better === 0 ? [2, 1] : [1, 2] }, as());
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createPremiumAccount(testApp);
    const created = await testApp.http.post(
      TOURNAMENTS,
      {
        name: `Club night ${randomUUID().slice(0, 8)}`,
        visibility: 'unlisted',
        stages: [
          { key: 'groups', name: 'Group stage', format: 'round_robin', groups: 2, advance: { per_group: 2 } },
          { key: 'knockout', name: 'Knockout stage', format: 'single_elimination' },
        ],
      },
      as(),
    );
    ({ share_id: shareId } = created.json() as { share_id: string });
    base = `${TOURNAMENTS}/${(created.json() as { id: string }).id}`;
    const participants = Array.from({ length: 8 }, (_, index) => ({ name: index === 4 ? LONG_NAME : `Team ${index + 1}`, seed: index + 1 }));
    expect((await testApp.http.post(`${base}/participants/bulk`, { participants }, as())).statusCode).toBe(201);
    expect((await testApp.http.patch(base, { status: 'in_progress' }, as())).statusCode).toBe(200);
    for (const match of (await ready()).slice(0, 4)) await report(match);
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ page, close: closeBrowser } = await openChromium());
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) problems.push(message.text());
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  afterEach(() => expect(problems.splice(0)).toEqual([]));

  /** At 390 and 1280 px, light and dark: the page, then `check`, no sideways scroll but in the bracket, no serious axe violation. */
  async function onEveryScreen(name: string, check: (screen: '390' | '1280') => Promise<void>): Promise<void> {
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const [screen, size] of SCREENS) {
        await page.setViewportSize(size);
        await page.goto(`${baseUrl}/v/${shareId}`);
        await page.waitForFunction(() => document.querySelector('svg.connectors') !== null);
        await check(screen);
        await page.screenshot({ path: join(SCREENSHOTS, `viewer-stages-${name}-${screen}${colorScheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
        const overflow = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          // Every scrolling box but the bracket's fits its content: the group tables scroll nowhere.
          boxes: [...document.querySelectorAll('.table-scroll')].filter((box) => box.closest('#v-sections') !== null && box.scrollWidth > box.clientWidth).map((box) => box.getAttribute('aria-label')),
        }));
        expect({ name, screen, colorScheme, overflow }).toEqual({ name, screen, colorScheme, overflow: { page: 0, boxes: [] } });
        const found = await seriousAxeViolations(page);
        expect({ name, screen, colorScheme, found }).toEqual({ name, screen, colorScheme, found: [] });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** Each group's table as shown: "rank name played W-D-L points". */
  const tables = () =>
    page.locator('.group').evaluateAll((groups) =>
      groups.map((group) => [
        group.querySelector('h3')!.textContent,
        [...group.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' ')),
      ]),
    );

  it('shows both stages by name, a whole table per group with its matches, and the knockout’s placeholders', async () => {
    await onEveryScreen('groups', async (screen) => {
      await expect(page.getByRole('heading', { level: 2, name: /^Group stage/ }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 2, name: /^Knockout stage/ }).isVisible()).resolves.toBe(true);
      const shown = await tables();
      expect(shown.map(([title]) => title)).toEqual(['Group A', 'Group B']);
      expect(shown[0][1]).toHaveLength(4);
      expect((shown[0][1] as string[]).some((row) => row.includes(LONG_NAME))).toBe(true);
      // No name is cut off in a table.
      const cut = await page.locator('.group-table tbody th').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
      expect(cut).toEqual([]);
      await expect(page.locator('#v-sec-knockout-main .tbd').first().textContent()).resolves.toBe('Winner Group A');
      // A phone moves through the knockout round by round; a desktop shows both rounds.
      await expect(page.locator('#v-sec-knockout-main .round-nav').isVisible()).resolves.toBe(screen === '390');
      if (screen === '390') await expect(page.locator('#v-sec-knockout-main .round-label').textContent()).resolves.toBe('Semi-finals · 1 of 2');
      // The groups sit side by side on a desktop, one under the other on a phone.
      const [a, b] = await Promise.all([page.locator('#v-grp-groups-A').boundingBox(), page.locator('#v-grp-groups-B').boundingBox()]);
      expect(screen === '1280' ? Math.abs(a!.y - b!.y) < 1 : b!.y > a!.y + a!.height - 1).toBe(true);
    });
  });

  it('takes results live: the match and its group’s rows change in place, and the knockout fills when the groups are over', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/v/${shareId}`);
    await page.waitForFunction(() => document.querySelector('#v-live')?.textContent?.startsWith('Live') === true);
    const open = await ready();
    const next = open.find((match) => match.group === 'A')!;
    await report(next);
    await page.waitForFunction((number) => document.querySelector(`#v-m-${number}`)?.classList.contains('match-completed') === true, next.number);
    const played = await page.locator('#v-gt-groups-A tr').evaluateAll((rows) => rows.map((row) => Number(row.children[2].textContent)));
    expect(played.reduce((sum, count) => sum + count, 0)).toBe(6);

    const inGroups = async () => (await ready()).filter((match) => match.stage === 'groups');
    for (let left = await inGroups(); left.length > 0; left = await inGroups()) for (const match of left) await report(match);
    // The semi-finals' placeholders give way to the qualifiers' names.
    await page.waitForFunction(() => document.querySelector('#v-sec-knockout-main .round')!.querySelectorAll('.tbd').length === 0);
    await expect(page.locator('#v-st-groups .badge').textContent()).resolves.toBe('Completed');
    await expect(page.locator('#v-sec-knockout-main .round').first().locator('.name').allTextContents()).resolves.toEqual(['Team 1', 'Team 3', 'Team 2', 'Team 4']);
    await onEveryScreen('knockout', async () => {
      await expect(page.locator('#v-st-knockout .badge').textContent()).resolves.toBe('In progress');
    });
  });
});
