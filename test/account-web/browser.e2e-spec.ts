/// <reference lib="dom" />
// (for the page.evaluate callbacks, which run in the browser)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { BrowserContext, Page } from 'playwright-core';
import { openChromium } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

/** Debian's Chromium, as .ci/run installs it; the tests fail (never skip) without it. */
/** Every page is captured at both widths here (git-ignored), to be looked at. */
const SCREENSHOTS = join(__dirname, '..', '..', 'test-artifacts', 'screenshots');
const PASSWORD = 'correct horse battery staple';
const WIDTHS = [1280, 390] as const;

jest.setTimeout(180_000);

describe('Account pages in a real browser', () => {
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
    await mkdir(SCREENSHOTS, { recursive: true });
    ({ context, page, close: closeBrowser } = await openChromium());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await testApp?.close();
  });

  // Each test starts as a new visitor.
  beforeEach(() => context.clearCookies());
  afterEach(() => expect(cspViolations).toEqual([]));

  /** Screenshots the current page at 1280 and 390 px, and checks it never scrolls sideways. */
  async function capture(name: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ name, width, overflow }).toEqual({ name, width, overflow: 0 });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  function api(token: string): Promise<Response> {
    return fetch(`${baseUrl}/api/v1/tournaments`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  }

  async function signUp(email: string): Promise<void> {
    await page.goto(`${baseUrl}/account/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/account`);
  }

  async function newTokenFromPage(): Promise<string> {
    const field = page.getByLabel('Your new API token');
    const token = await field.inputValue();
    expect(token).toMatch(/^tlm_[0-9A-Za-z]{36}$/);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    return token;
  }

  const section = (name: string) => page.getByRole('region', { name });

  it('takes a customer from sign-up to a working token, through regenerate, cancel and sign-out', async () => {
    await page.goto(`${baseUrl}/account/signup`);
    await capture('signup');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focusOutline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(focusOutline).not.toBe('none');

    await signUp(`journey-${Date.now()}@example.com`);
    await expect(page.getByRole('heading', { name: 'Account settings', level: 1 }).isVisible()).resolves.toBe(true);
    await expect(section('API Token').textContent()).resolves.toContain('API access needs the premium plan');
    expect(await page.getByRole('button', { name: 'Generate Token' }).count()).toBe(0);
    await capture('settings-free');

    await section('Plan').getByRole('button', { name: 'Subscribe to premium' }).click();
    await page.getByRole('button', { name: 'Generate Token' }).waitFor();
    await capture('settings-premium-no-token');

    await page.getByRole('button', { name: 'Generate Token' }).click();
    await page.waitForURL(`${baseUrl}/account/token/new`);
    const first = await newTokenFromPage();
    await expect(page.getByText('it will not be shown again').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()).resolves.toBeUndefined();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await capture('new-token');
    expect((await api(first)).status).toBe(200);

    await page.reload();
    expect(page.url()).toBe(`${baseUrl}/account?notice=token-shown-once`);
    expect(await page.content()).not.toContain(first);
    await expect(section('API Token').textContent()).resolves.toContain(`tlm_…${first.slice(-4)}`);
    await capture('settings-with-token');

    await page.getByLabel('I understand the current token stops working at once').check();
    await page.getByRole('button', { name: 'Regenerate Token' }).click();
    await page.waitForURL(`${baseUrl}/account/token/new`);
    const second = await newTokenFromPage();
    expect(second).not.toBe(first);
    expect((await api(first)).status).toBe(401);
    expect((await api(second)).status).toBe(200);

    await page.goto(`${baseUrl}/account`);
    await section('Plan').getByRole('button', { name: 'Cancel premium' }).click();
    await page.getByRole('button', { name: 'Subscribe to premium' }).waitFor();
    const refused = await api(second);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('subscription_required');
    expect(await page.getByRole('button', { name: /Generate Token|Regenerate Token/ }).count()).toBe(0);
    await capture('settings-cancelled');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/account\/signin/);
    await capture('signin-signed-out');
    await page.goto(`${baseUrl}/account`);
    expect(new URL(page.url()).pathname).toBe('/account/signin');
  });

  it('refuses a wrong password on the sign-in page with 401 and one message', async () => {
    const email = `wrong-${Date.now()}@example.com`;
    await signUp(email);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/account\/signin/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the right password');
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/account/signin') && candidate.request().method() === 'POST'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    expect(response.status()).toBe(401);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email or password is not correct.');
    await capture('signin-failed');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/account`);
  });

  it('refuses a form whose CSRF token was tampered with (403) and changes nothing', async () => {
    await signUp(`csrf-${Date.now()}@example.com`);
    await page.evaluate(() => {
      for (const input of document.querySelectorAll<HTMLInputElement>('input[name="_csrf"]')) input.value = 'forged';
    });
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/account/plan/subscribe')),
      page.getByRole('button', { name: 'Subscribe to premium' }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'This form has expired' }).isVisible()).resolves.toBe(true);
    await capture('csrf-refused');
    await page.goto(`${baseUrl}/account`);
    await expect(section('Plan').textContent()).resolves.toContain('Your plan: Free');
  });

  it('deletes the account with its password and lands on the sign-in page', async () => {
    const email = `delete-${Date.now()}@example.com`;
    await signUp(email);
    const deleteSection = section('Delete account');
    await deleteSection.getByLabel('Password').fill('not my password at all');
    await deleteSection.getByRole('button', { name: 'Delete account' }).click();
    await expect(section('Delete account').getByText('The password is not correct. Your account was not deleted.').isVisible()).resolves.toBe(true);
    await capture('delete-wrong-password');

    await section('Delete account').getByLabel('Password').fill(PASSWORD);
    await section('Delete account').getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${baseUrl}/account/signin?notice=deleted`);
    await capture('signin-after-delete');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email or password is not correct.');
  });
});
