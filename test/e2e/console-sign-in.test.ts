/**
 * The console's sign-in page in real Chromium, as a signed-out visitor sees it: the browser's console stays clean (no
 * failed session probe, no missing favicon, no script error). Then the sign-in itself, and the page going back to
 * sign-in with the reason when the session has ended while it was open (idle timeout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { usePlatform } from '../support/platform.js';
import { consoleDeps } from '../../shared/entry/composition/deps.js';
import { DynamoConsoleSessions } from '../../shared/adapters/aws/dynamo-console-sessions.js';
import { signInInBrowser } from './console-browser.js';

const platform = usePlatform();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Everything the browser would show in red in its developer console, and every answer of 400 or more. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`script: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}

describe('the console’s sign-in page in Chromium', () => {
  it('shows a signed-out visitor the sign-in form with no error in the browser console', async () => {
    const page = await (await browser.newContext()).newPage();
    const problems = watch(page);
    await page.goto(`${platform.url}/console/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The favicon is requested after load; networkidle has waited for it. Headless Chromium may not ask for one at
    // all, so the page must also name an icon that needs no request (else browsers fetch /favicon.ico: a 404).
    expect(problems).toEqual([]);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:/);
    await page.context().close();
  });

  it('sends the page back to sign-in, saying why, when the session ended while it was open', async () => {
    const page = await signInInBrowser(browser, platform.url, 'idle@sign-in.example', 'operator');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'console_session')!;
    // Fifteen minutes without a request, as far as the stored session knows.
    await new DynamoConsoleSessions(consoleDeps().d.config.TABLE_NAME).touch(
      cookie.value,
      new Date(Date.now() - 16 * 60_000).toISOString(),
    );
    // The next call ends it: the move to Payments, or a call the dashboard still had in flight (then the page is
    // already back at sign-in, and the link is gone: so the test moves by the address, not by a click).
    await page.evaluate(() => (location.hash = '#/payments'));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('status').textContent()).toMatch(/15 minutes without activity/);
    await page.context().close();
  });
});
