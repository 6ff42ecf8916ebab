import { mkdir } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Page } from 'playwright-core';
import { createPremiumAccount, TestAccount } from '../support/accounts';
import { openChromium, seriousAxeViolations } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';
import { Organiser } from './shared-tournaments';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');
const MINUTE = 60_000;

jest.setTimeout(120_000);

/** Issue 41's schedule tab in Chromium: it appears live with the first plan, follows a match moved through the API, and reads well at 390 and 1280 px. */
describe('the schedule tab in a real browser', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let baseUrl: string;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createPremiumAccount(testApp);
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ page, close: closeBrowser } = await openChromium());
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  it('shows the tab when a plan is stored through the API, moves a match when it is rescheduled, at 390 and 1280 px with no serious axe violation', async () => {
    const organiser = new Organiser(() => testApp.http, () => owner);
    const as = { token: owner.token };
    const tournament = await organiser.tournament('single_elimination', 8, { name: 'Evening cup', names: (index) => `Player with a rather long name ${index + 1}` });
    for (const name of ['Table 1', 'Table 2', 'Table 3']) expect((await testApp.http.post(`${tournament.base}/stations`, { name }, as)).statusCode).toBe(201);
    await page.goto(`${baseUrl}/v/${tournament.shareId}`);
    const tabs = page.getByRole('navigation', { name: 'Show' });
    await expect(tabs.getByRole('link', { name: 'Schedule' }).count()).resolves.toBe(0);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.waitForFunction(() => (document.getElementById('v-live')?.textContent ?? '').startsWith('Live'));

    // The plan: round 1 began five minutes ago on tables 1–3, the fourth match waits for a table.
    const from = new Date(Math.floor((Date.now() - 5 * MINUTE) / MINUTE) * MINUTE);
    expect((await testApp.http.post(`${tournament.base}/schedule`, { from: from.toISOString() }, as)).statusCode).toBe(200);
    await tabs.getByRole('link', { name: 'Schedule' }).click({ timeout: 10_000 });
    await expect(page.evaluate(() => new URL(location.href).searchParams.get('tab'))).resolves.toBe('schedule');
    const boards = page.locator('.station-board');
    await expect(boards.count()).resolves.toBe(3);
    await expect(boards.first().locator('.slot-label').first().textContent()).resolves.toBe('Now playing');
    await expect(boards.first().locator('.slot-label').nth(1).textContent()).resolves.toBe('Up next');
    // Times in the visitor's zone, from the UTC the server wrote.
    const shown = page.locator('.schedule-times time').first();
    await expect(shown.getAttribute('datetime')).resolves.toBe(from.toISOString());
    await expect(shown.textContent()).resolves.not.toContain('UTC');

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await expect(page.locator('#v-schedule').isVisible()).resolves.toBe(true);
      await expect(page.locator('#v-sections').isVisible()).resolves.toBe(false);
      await expect(seriousAxeViolations(page)).resolves.toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ width, overflow }).toEqual({ width, overflow: 0 });
      await page.screenshot({ path: join(SCREENSHOTS, `viewer-schedule-${width}.png`), fullPage: true });
    }

    // A match moved through the API (a pin two hours later on table 3) moves on the page, without a reload.
    const matches = (await testApp.http.get(`${tournament.base}/matches?limit=100`, as)).json().data as { id: string; number: number; station_id: string }[];
    const stations = (await testApp.http.get(`${tournament.base}/stations`, as)).json().data as { id: string; name: string }[];
    const final = matches.reduce((last, match) => (match.number > last.number ? match : last));
    const later = new Date(from.getTime() + 5 * 60 * MINUTE);
    await organiser.patch(`${tournament.base}/matches/${final.id}`, { scheduled_at: later.toISOString(), station_id: stations[2].id, pinned: true });
    const lastRow = page.locator('.schedule-times tbody tr').last();
    await page.waitForFunction((iso) => document.querySelector('.schedule-times tbody tr:last-child time')?.getAttribute('datetime') === iso, later.toISOString(), { timeout: 5000 });
    await expect(lastRow.locator('td').nth(1).textContent()).resolves.toBe('Table 3');
    await expect(lastRow.locator('td').nth(2).textContent()).resolves.toContain(`M${final.number}`);
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
  });
});
