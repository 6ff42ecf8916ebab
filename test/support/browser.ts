import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium, Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes the browser and removes its throw-away profile. */
  close(): Promise<void>;
}

/** Debian's Chromium, headless, on a profile of its own, with one page and 15 s timeouts (`.ci/run` installs it). */
export async function openChromium(viewport = { width: 1280, height: 800 }): Promise<OpenBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'tlm-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

let axeSource: string | undefined;

/** axe-core's serious and critical violations on the page as it is now, as "rule: first targets". */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.targets.join(', ')}`);
}
