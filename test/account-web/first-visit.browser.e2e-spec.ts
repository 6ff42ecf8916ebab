/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
import { execFile } from 'node:child_process';
import { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { BrowserContext, Page } from 'playwright-core';
import { openChromium } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery staple';

jest.setTimeout(180_000);

/** A newcomer's first visit in a real browser: the home page, the links between the pages, the token's curl, /docs on a phone. */
describe('First visit in a real browser', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let closeBrowser: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    ({ context, page, close: closeBrowser } = await openChromium());
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  beforeEach(() => context.clearCookies());
  afterEach(() => expect(cspViolations).toEqual([]));

  /** The page at `width`: how far it scrolls sideways (scrollWidth beyond innerWidth). */
  async function sidewaysScroll(width: number): Promise<number> {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  it('opens on a home page that says what the service is and leads to sign-up, sign-in and the docs', async () => {
    await page.goto(`${baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Tournament service');
    await expect(page.locator('#status-database').textContent()).resolves.toBe('reachable');
    expect(await sidewaysScroll(390)).toBeLessThanOrEqual(0);
    expect(await sidewaysScroll(1280)).toBeLessThanOrEqual(0);

    await page.locator('.actions').getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/account/signup`);
    await page.getByRole('link', { name: 'Tournament service' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('.actions').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account/signin`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'API docs' }).click();
    await page.waitForURL(`${baseUrl}/docs`);
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Walk-through' }).click();
    await page.waitForURL(`${baseUrl}/docs#walkthrough`);
  });

  it('shows a ready curl with the new token and this instance\'s address, which works as pasted', async () => {
    await page.goto(`${baseUrl}/account/signup`);
    await page.getByLabel('Email').fill(`curl-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await page.getByRole('button', { name: 'Subscribe to premium' }).click();
    await page.getByRole('button', { name: 'Generate Token' }).click();
    await page.waitForURL(`${baseUrl}/account/token/new`);
    const token = await page.getByLabel('Your new API token').inputValue();
    const curl = (await page.locator('#token-curl').textContent()) ?? '';
    expect(curl).toContain(`"${baseUrl}/api/v1/tournaments?limit=10"`);
    expect(curl).toContain(`Authorization: Bearer ${token}`);
    expect(await sidewaysScroll(390)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { stdout } = await run('bash', ['-c', curl]);
    expect(JSON.parse(stdout)).toEqual({ data: [], next_cursor: null });
    await expect(page.getByRole('link', { name: 'run a whole tournament' }).getAttribute('href')).resolves.toBe('/docs#walkthrough');
  });

  it('serves /docs without sideways scroll at 390 px, anchors clear of the sticky bar, and a search that finds an endpoint', async () => {
    await page.goto(`${baseUrl}/docs`);
    expect(await sidewaysScroll(390)).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/docs#problem-not_found`);
    // Scrolling is smooth: wait for the target to come to rest in view before measuring.
    const covered = async (selector: string) => {
      await page.waitForFunction((target) => {
        const top = document.querySelector(target)!.getBoundingClientRect().top;
        const state = window as unknown as { lastTop?: number };
        const resting = state.lastTop === top;
        state.lastTop = top;
        return resting;
      }, selector, { polling: 100 });
      return page.evaluate((target) => {
        const bar = document.querySelector('nav')!.getBoundingClientRect();
        const box = document.querySelector(target)!.getBoundingClientRect();
        return { barIsSticky: getComputedStyle(document.querySelector('nav')!).position === 'sticky', targetTop: box.top >= bar.bottom, inView: box.top < innerHeight };
      }, selector);
    };
    await expect(covered('#problem-not_found')).resolves.toEqual({ barIsSticky: true, targetTop: true, inView: true });

    const search = page.getByRole('searchbox', { name: 'Search the documentation' });
    await search.fill('tournaments/{id}/standings');
    const result = page.locator('#search-results a').first();
    await expect(result.textContent()).resolves.toMatch(/^GET \/api\/v1\/tournaments\/\{id\}\/standings/);
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/docs#op-getStandings`);
    await expect(covered('#op-getStandings')).resolves.toEqual({ barIsSticky: true, targetTop: true, inView: true });
    await expect(page.locator('#op-getStandings details.more').getAttribute('open')).resolves.not.toBeNull();
    await expect(page.locator('#op-getStandings').getByText('Request sample').isVisible()).resolves.toBe(true);

    await search.fill('zzzz-nothing');
    await expect(page.locator('#search-results').textContent()).resolves.toContain('Nothing matches');
  });
});
