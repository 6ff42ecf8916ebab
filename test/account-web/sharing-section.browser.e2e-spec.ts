/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { BrowserContext, Page } from 'playwright-core';
import { openChromium, seriousAxeViolations } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');
/** axe-core, read from the package as the tests' own tool (a devDependency, never shipped). */
const SCREENS = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const;

jest.setTimeout(120_000);

/** The account page's "Tournaments and leagues" section in Chromium (issue 42): share, copy, stop sharing. */
describe('the Tournaments and leagues section of the account page', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let closeBrowser: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ context, page, close: closeBrowser } = await openChromium());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  const section = () => page.getByRole('region', { name: 'Tournaments and leagues' });
  const api = (token: string, path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('shares a tournament, copies its link, shows the embed, stops sharing; readable at 390 and 1280 px with no serious axe violation', async () => {
    await page.goto(`${baseUrl}/account/signup`);
    await page.getByLabel('Email').fill(`sharing-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await expect(section().textContent()).resolves.toContain('No tournaments yet.');
    await page.getByRole('region', { name: 'Plan' }).getByRole('button', { name: 'Subscribe to premium' }).click();
    await page.getByRole('button', { name: 'Generate Token' }).click();
    await page.waitForURL(`${baseUrl}/account/token/new`);
    const token = await page.getByLabel('Your new API token').inputValue();
    expect((await api(token, '/api/v1/tournaments', { name: 'Harbour Open with a rather long name for a phone screen', format: 'double_elimination' })).status).toBe(201);
    expect((await api(token, '/api/v1/leagues', { name: 'Winter League', visibility: 'unlisted' })).status).toBe(201);

    await page.goto(`${baseUrl}/account`);
    await page.getByRole('link', { name: 'Your tournaments and leagues' }).click();
    await section().getByRole('button', { name: 'Share Harbour Open with a rather long name for a phone screen' }).click();
    await page.waitForURL(`${baseUrl}/account?notice=shared#sharing-heading`);
    const links = section().getByLabel('Share link');
    await expect(links.count()).resolves.toBe(2);
    const link = await links.first().inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/v/[A-Za-z0-9_-]{22}$`));
    await expect(section().getByLabel('Embed on your site').first().inputValue()).resolves.toBe(
      `<iframe src="${link}/embed" title="Harbour Open with a rather long name for a phone screen" width="100%" height="600" style="border:0" loading="lazy"></iframe>`,
    );
    await section().getByRole('button', { name: 'Copy link' }).first().click();
    await section().getByRole('status').getByText('Copied to the clipboard.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    // The copied link is a working viewer page.
    expect((await fetch(link)).status).toBe(200);

    for (const [screen, size] of SCREENS) {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/account#sharing-heading`);
      // Nothing wider than the screen: no horizontal scrolling on a phone.
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      await expect(seriousAxeViolations(page)).resolves.toEqual([]);
      await section().screenshot({ path: join(SCREENSHOTS, `account-sharing-${screen}.png`) });
    }

    await section().getByRole('button', { name: 'Stop sharing Harbour Open with a rather long name for a phone screen' }).click();
    await page.waitForURL(`${baseUrl}/account?notice=unshared#sharing-heading`);
    await expect(section().getByLabel('Share link').count()).resolves.toBe(1);
    expect((await fetch(link)).status).toBe(404);
  });
});
