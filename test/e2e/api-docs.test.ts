/**
 * GET /docs in real Chromium: the Redoc page renders the platform's OpenAPI document, loading nothing from any
 * other origin (no CDN, no fonts from elsewhere).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { usePlatform } from '../support/platform.js';
import { launchChromium } from '../support/browser.js';

const platform = usePlatform();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('renders the reference; nothing it loads comes from another origin, and the CSP blocks what Redoc would fetch elsewhere', async () => {
  const page = await browser.newPage();
  const foreign = (url: string) => !url.startsWith(platform.url) && !url.startsWith('data:') && !url.startsWith('blob:');
  const loadedElsewhere: string[] = [];
  const blocked: string[] = [];
  const errors: string[] = [];
  page.on('requestfinished', (r) => void (foreign(r.url()) && loadedElsewhere.push(r.url())));
  page.on('requestfailed', (r) => void (foreign(r.url()) && blocked.push(`${r.url()} ${r.failure()?.errorText}`)));
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(`${platform.url}/docs`);
  expect(res?.status()).toBe(200);
  await page.getByText('Open Payments Platform API (0.1.0)').waitFor({ timeout: 30_000 });
  await page.getByText('Card payments from the merchant backend: form-encoded, one body per action.').waitFor({ timeout: 30_000 });
  expect(loadedElsewhere).toEqual([]);
  // Redoc's "API docs by Redocly" attribution points its image at Redocly's CDN: the page's CSP refuses it.
  for (const b of blocked) expect(b).toMatch(/ csp$|ERR_BLOCKED_BY_CSP/);
  expect(errors).toEqual([]);
}, 90_000);
