/**
 * Alternative methods on the Checkout page in real Chromium: the page offers the brands their descriptors allow there,
 * asks for the parameters the session lacks, shows the protocol's own error text for a bad value, and continues to the
 * brand's flow — a direct voucher is final at once; a bank-code transfer goes to the provider's page (transfer
 * instructions, Pay), whose signed notification decides the payment, and comes back to the session's link, which
 * sends the payer to the shop. The merchant gets the callbacks either way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { eventually, testMerchant, usePlatform } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { createSession, get, returnHash } from '../integration/checkout/support.js';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;
let shop: { server: Server; url: string };
let browser: Browser;

beforeAll(async () => {
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Shop</title><h1>Back at the shop: ${new URL(req.url ?? '/', 'http://x').pathname}</h1>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  shop = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await notifications?.close();
  await new Promise((r) => shop?.server.close(r));
});

const session = (overrides: Record<string, unknown> = {}) =>
  createSession(platform.url, merchant, {
    success_url: `${shop.url}/success`,
    cancel_url: `${shop.url}/cancel`,
    error_url: `${shop.url}/error`,
    ...overrides,
  });
const postedFields = (r: Request) => Object.fromEntries(new URLSearchParams(r.postData() ?? ''));
const callbacks = (id: string) => notifications.received.filter((c) => c.fields.id === id).map((c) => c.fields);

describe('alternative methods that need the payer’s data, in Chromium', () => {
  it('asks a voucher PIN, shows the protocol error, and pays once it is right', async () => {
    const { url, order } = await session();
    const page = await browser.newPage();
    // The page's script runs under its CSP (the 400 of the refused form is expected, so only CSP errors count).
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/.test(m.text()) && cspErrors.push(m.text()));
    await page.goto(url);
    // Offered by its descriptor, under its label; its field shows only when it is chosen.
    await expect(page.getByLabel('Voucher PIN').isVisible()).resolves.toBe(false);
    await page.getByRole('radio', { name: 'Voucher' }).check();
    await expect(page.getByLabel('Voucher PIN').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(false);

    // The voucher's identifier is optional: empty is fine. A PIN too short gets the S2S APM wording.
    await page.getByLabel('Voucher PIN').fill('12345');
    const [first] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      page.getByRole('button', { name: /^Pay / }).click(),
    ]);
    expect(postedFields(first)).toEqual({ method: 'voucher', identifier: '', 'parameters[pin]': '12345' });
    await page.waitForLoadState();
    await expect(page.locator('#p-voucher-pin-error').textContent()).resolves.toBe('This value should have exactly 16 characters.');
    await expect(page.getByRole('radio', { name: 'Voucher' }).isChecked()).resolves.toBe(true);
    await page.screenshot({ path: 'test-results/checkout-apm-voucher-error.png', fullPage: true });

    await page.getByLabel('Voucher PIN').fill('1234567890123456');
    await Promise.all([page.waitForURL(`${shop.url}/success?**`), page.getByRole('button', { name: /^Pay / }).click()]);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => callbacks(q.payment_id!).find((c) => c.type === 'sale'));
    expect(cb).toMatchObject({ status: 'success', order_status: 'settled', brand: 'voucher', checkout_payment_method: 'voucher' });
    // The PIN went to the provider only.
    expect(JSON.stringify(cb)).not.toContain('1234567890123456');
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it("asks the CUIL of a bank-code transfer, then the provider's page decides and the payer comes back", async () => {
    const { url, order } = await session({ order: { amount: '1500.00', currency: 'ARS' } });
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('radio', { name: 'Bank transfer (ARS)' }).check();
    await page.getByLabel('CUIL').fill('2012345678');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForLoadState();
    await expect(page.locator('#p-bank_code_ars-bank_cuil-error').textContent()).resolves.toBe('This value should have exactly 11 digits.');

    await page.getByLabel('CUIL').fill('20123456789');
    await Promise.all([page.waitForURL(/\/post-va\/redirect\//), page.getByRole('button', { name: /^Pay / }).click()]);
    // The provider's transfer instructions, with the window's end; it does not ask the CUIL again.
    await expect(page.getByText('Transfer').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('time').count()).resolves.toBe(1);
    await expect(page.locator('input[name^="collect"]').count()).resolves.toBe(0);
    await page.screenshot({ path: 'test-results/checkout-apm-bank-window.png', fullPage: true });
    // Back on the session's link while the transfer is open: sent to the provider again.
    const again = await get(url);
    expect(again.status).toBe(303);
    expect(again.location).toContain('/post-va/redirect/');

    await Promise.all([page.waitForURL(`${shop.url}/success?**`), page.locator('#approve').click()]);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => callbacks(q.payment_id!).find((c) => c.type === 'sale'));
    expect(cb).toMatchObject({ status: 'success', order_status: 'settled', brand: 'bank_code_ars' });
    // One link per payment.
    expect((await get(url)).status).toBe(410);
    await page.close();
  });

  it('asks nothing the session already gave, and offers a brand only in its currencies', async () => {
    const { url } = await session({ parameters: { pix: { document_number: '12345678909' } } });
    const html = (await get(url)).html;
    expect(html).toContain('value="pix"');
    expect(html).not.toContain('id="p-pix-document_number"');
    expect(html).toContain('id="p-boleto-document_number"');
    expect(html).not.toContain('value="ips"');
    expect(html).not.toContain('value="bank_code_ars"');
  });
});
