/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { Page } from 'playwright-core';
import { openChromium } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');

jest.setTimeout(120_000);

/** The settings page's read-only Webhooks section, in Chromium: endpoints with their state, and recent failures. */
describe('the Webhooks section of the account pages', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let closeBrowser: (() => Promise<void>) | undefined;
  let page: Page;

  beforeAll(async () => {
    testApp = await startTestApp({ webhookConcurrency: 2, webhookTimeoutMs: 1_000, webhookPollMs: 100, eventPollMs: 100 });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ page, close: closeBrowser } = await openChromium());
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  const section = (name: string) => page.getByRole('region', { name });
  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  it('lists the endpoints with their state, and the latest failed attempts', async () => {
    await page.goto(`${baseUrl}/account/signup`);
    await page.getByLabel('Email').fill(`webhooks-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/account`);
    await expect(section('Webhooks').textContent()).resolves.toContain('No webhook endpoints');

    await section('Plan').getByRole('button', { name: 'Subscribe to premium' }).click();
    await page.getByRole('button', { name: 'Generate Token' }).click();
    await page.waitForURL(`${baseUrl}/account/token/new`);
    const token = await page.getByLabel('Your new API token').inputValue();

    // A host name resolving to loopback is refused at delivery: a failure without any traffic leaving the machine.
    const failing = await api(token, 'POST', '/api/v1/webhooks', { url: 'https://localhost:9/hook', event_types: ['league.created'] });
    expect(failing.status).toBe(201);
    const paused = await api(token, 'POST', '/api/v1/webhooks', { url: 'https://example.com/paused', enabled: false });
    expect(paused.status).toBe(201);
    expect((await api(token, 'POST', '/api/v1/leagues', { name: 'Autumn league' })).status).toBe(201);
    const endpointId = ((await failing.json()) as { id: string }).id;
    for (let waited = 0; ; waited += 100) {
      const { data } = (await (await api(token, 'GET', `/api/v1/webhooks/${endpointId}/deliveries`)).json()) as { data: { attempts: number }[] };
      if (data[0]?.attempts > 0) break;
      if (waited > 10_000) throw new Error('no attempt was made');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await page.goto(`${baseUrl}/account`);
    const rows = section('Webhooks').getByRole('table').first().getByRole('row');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/https:\/\/localhost:9\/hook.*league\.created.*Failing since/);
    await expect(rows.nth(2).textContent()).resolves.toMatch(/paused.*All events.*Disabled: Disabled through the API\./);
    const failures = section('Webhooks').getByRole('table').nth(1);
    await expect(failures.textContent()).resolves.toMatch(/league\.created.*refused: the endpoint's address is not allowed.*Retrying \(attempt 1\)/);
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-webhooks-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-webhooks-390.png'), fullPage: true });
    expect(overflow).toBe(0);
    // Nor does a table hide columns behind its own scroll: on a phone every cell is in view.
    const hiddenInTables = await page.evaluate(() => [...document.querySelectorAll('.table-scroll')].map((box) => box.scrollWidth - box.clientWidth));
    expect(hiddenInTables.length).toBeGreaterThan(0);
    expect(hiddenInTables.every((hidden) => hidden === 0)).toBe(true);
  });
});
