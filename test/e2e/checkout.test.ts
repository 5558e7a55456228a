/**
 * The payer's page in real Chromium (playwright-core, Debian's /usr/bin/chromium): one session per sandbox card,
 * typed in like a payer would, through 3DS where the card asks for it, back to the merchant's own return page with a
 * hash the merchant can verify. Screenshots land in test-results/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { eventually, testMerchant, usePlatform } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { createSession, returnHash } from '../integration/checkout/support.js';

const SHOTS = 'test-results';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;
let shop: { server: Server; url: string };
let browser: Browser;

/** The merchant's return pages: a real listener so the browser lands somewhere and the URL can be read. */
async function startShop(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Shop</title><h1>Back at the shop: ${new URL(req.url ?? '/', 'http://x').pathname}</h1>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
  shop = await startShop();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await notifications?.close();
  await new Promise((r) => shop?.server.close(r));
});

async function session(overrides: Record<string, unknown> = {}) {
  return createSession(platform.url, merchant, {
    success_url: `${shop.url}/success`,
    cancel_url: `${shop.url}/cancel`,
    error_url: `${shop.url}/error`,
    ...overrides,
  });
}

async function fill(page: Page, number: string, expiry: string): Promise<void> {
  // Typed key by key, as a payer would: the page formats as it goes.
  await page.getByLabel('Card number').pressSequentially(number);
  await page.getByLabel('Expiry date').pressSequentially(expiry.replace('/', ''));
  await page.getByLabel('Security code').pressSequentially('123');
  await page.getByLabel('Cardholder name').fill('JOHN DOE');
}

function expectReturn(url: string, path: string, order: Parameters<typeof returnHash>[2]) {
  const u = new URL(url);
  expect(u.pathname).toBe(path);
  const q = Object.fromEntries(u.searchParams);
  expect(q.order_id).toBe(order.number);
  expect(q.trans_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
  return q;
}

describe('Checkout in Chromium', () => {
  it('pays with 4111 1111 1111 1111 01/38 and lands on success_url with a valid hash', async () => {
    const { url, order } = await session();
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && cspErrors.push(m.text()));
    await page.goto(url);
    await expect(page.title()).resolves.toContain('Secure payment');
    await fill(page, '4111111111111111', '01/38');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    expect(await page.getByLabel('Expiry date').inputValue()).toBe('01/38');
    await page.screenshot({ path: `${SHOTS}/checkout-page.png`, fullPage: true });
    await Promise.all([page.waitForURL(`${shop.url}/success?**`), page.getByRole('button', { name: /^Pay / }).click()]);
    const q = expectReturn(page.url(), '/success', order);
    const cb = await eventually(() => notifications.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'success', order_status: 'settled' });
    expect(cspErrors).toEqual([]); // the nonce'd script and style ran without a CSP violation
    // Back to the link: it no longer takes payments.
    await page.goto(url);
    await expect(page.locator('#result').textContent()).resolves.toBe('This payment link is no longer valid.');
    await page.close();
  });

  it('shows the decline of 02/38 and returns to cancel_url when the payer continues', async () => {
    const { url, order } = await session();
    const page = await browser.newPage();
    await page.goto(url);
    await fill(page, '4111111111111111', '02/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.locator('#reason').textContent()).resolves.toBe('Declined by processing.');
    await page.screenshot({ path: `${SHOTS}/checkout-declined.png` });
    await Promise.all([page.waitForURL(`${shop.url}/cancel?**`), page.getByRole('link', { name: 'Return to the store' }).click()]);
    expectReturn(page.url(), '/cancel', order);
    await page.close();
  });

  for (const [expiry, path] of [
    ['05/38', '/success'],
    ['06/38', '/cancel'],
  ] as const) {
    it(`authenticates ${expiry} on the 3DS step and returns to ${path}`, async () => {
      const { url, order } = await session();
      const page = await browser.newPage();
      await page.goto(url);
      await fill(page, '4111111111111111', expiry);
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('button', { name: 'Confirm payment' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/checkout-3ds.png` });
      if (path === '/success') {
        await Promise.all([page.waitForURL(`${shop.url}${path}?**`), page.getByRole('button', { name: 'Confirm payment' }).click()]);
      } else {
        await page.getByRole('button', { name: 'Confirm payment' }).click();
        await page.getByRole('link', { name: 'Return to the store' }).click();
        await page.waitForURL(`${shop.url}${path}?**`);
      }
      expectReturn(page.url(), path, order);
      await page.close();
    });
  }

  it('stops 1111 2222 3333 4444 with "Bad Request. Brand of card does not support." before anything is sent', async () => {
    const { url } = await session();
    const page = await browser.newPage();
    let posted = false;
    page.on('request', (r) => r.method() === 'POST' && (posted = true));
    await page.goto(url);
    await fill(page, '1111222233334444', '01/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.locator('#card_number-error').textContent()).resolves.toBe('Bad Request. Brand of card does not support.');
    await expect(page.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(posted).toBe(false);
    await page.screenshot({ path: `${SHOTS}/checkout-bad-card.png` });
    // Without the page script the server says the same.
    await page.evaluate(() => (document.getElementById('pay-form') as HTMLFormElement).submit());
    await page.waitForLoadState();
    await expect(page.locator('#card_number-error').textContent()).resolves.toBe('Bad Request. Brand of card does not support.');
    await page.close();
  });

  it('renders Arabic right to left on a phone-sized screen', async () => {
    const { url } = await session({ billing_address: { country: 'AE', language: 'AR' } });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await page.goto(url);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.getByLabel('رقم البطاقة').isVisible()).resolves.toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: `${SHOTS}/checkout-mobile-ar.png`, fullPage: true });
    await page.close();
  });
});
