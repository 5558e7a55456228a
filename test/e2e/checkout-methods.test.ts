/**
 * The page's choices in real Chromium: a saved card (card_token) paid with its CVV only, the vcard method tab, the
 * card/credit payout page that asks for the expiry only, and a transfer with the payee's card. The page script shows
 * only the chosen method's and card's fields and sends only those. Screenshots land in test-results/ (gitignored;
 * docs/checkout-page.png is a copy of checkout-saved-card.png).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { eventually, postJson, testMerchant, usePlatform } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { card, createSession, postPage, returnHash, returnQuery, signed } from '../integration/checkout/support.js';

const SHOTS = 'test-results';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;
let shop: { server: Server; url: string };
let browser: Browser;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Shop</title><h1>Back at the shop: ${new URL(req.url ?? '/', 'http://x').pathname}</h1>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  shop = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  browser = await launchChromium();
  // A saved card: a page payment with req_token (over HTTP; the browser part is what follows).
  const { url } = await createSession(platform.url, merchant, { req_token: true });
  const paymentId = returnQuery((await postPage(`${url}/pay`, card('01/38'))).html).payment_id!;
  token = (await eventually(() => notifications.received.find((c) => c.fields.id === paymentId))).fields.card_token as string;
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

/** The form fields a POST to the page carried. */
const postedFields = (r: Request) => Object.fromEntries(new URLSearchParams(r.postData() ?? ''));

describe('Checkout choices in Chromium', () => {
  it('pays with a saved card: only its CVV is asked and sent', async () => {
    const { url, order } = await session({ card_token: [token] });
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && cspErrors.push(m.text()));
    await page.goto(url);
    await expect(page.getByRole('radio', { name: /VISA 411111\*{4}1111/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(false);
    await expect(page.locator('#saved_cvv').isVisible()).resolves.toBe(true);
    await expect(page.locator('#cvv').isVisible()).resolves.toBe(false);
    await page.screenshot({ path: `${SHOTS}/checkout-saved-card.png`, fullPage: true });

    // Switching to a new card shows its fields; back again hides them.
    await page.getByRole('radio', { name: 'Use a new card' }).check();
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(true);
    await page.getByRole('radio', { name: /VISA 411111/ }).check();
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.locator('#saved_cvv-error').textContent()).resolves.toBe('This field is required.');
    await page.locator('#saved_cvv').pressSequentially('123');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      page.getByRole('button', { name: /^Pay / }).click(),
    ]);
    expect(postedFields(request)).toEqual({ method: 'card', card_choice: 'saved-0', saved_cvv: '123' });
    await page.waitForURL(`${shop.url}/success?**`);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => notifications.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'success', card_token: token, card: '411111****1111' });
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it('pays with the vcard tab: only the identifier is sent', async () => {
    const { url, order } = await session();
    const page = await browser.newPage();
    await page.goto(url);
    await expect(page.getByLabel('Account e-mail').isVisible()).resolves.toBe(false);
    await page.getByRole('radio', { name: 'vcard' }).check();
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(false);
    await page.getByLabel('Account e-mail').fill('success@gmail.com');
    await page.screenshot({ path: `${SHOTS}/checkout-vcard.png`, fullPage: true });
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      page.getByRole('button', { name: /^Pay / }).click(),
    ]);
    expect(postedFields(request)).toEqual({ method: 'vcard', identifier: 'success@gmail.com' });
    await page.waitForURL(`${shop.url}/success?**`);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => notifications.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'success', brand: 'vcard' });
    await page.close();
  });

  it('asks only the expiry on the card/credit page and pays out', async () => {
    const orderId = `payout-${Date.now()}`;
    const body = {
      order_id: orderId,
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Winnings',
      card_token: token,
      payee_first_name: 'Jane',
      payee_last_name: 'Roe',
      success_url: `${shop.url}/paid`,
    };
    const res = await postJson(`${platform.url}/api/v1/payment/card/credit`, signed(merchant, body, [orderId, '5.00', 'USD', 'Winnings']));
    const page = await browser.newPage();
    await page.goto(res.body.redirect_url as string);
    await expect(page.locator('#saved-card-0').textContent()).resolves.toBe('VISA 411111****1111');
    await expect(page.locator('input:visible').count()).resolves.toBe(1);
    await page.getByLabel('Expiry date').pressSequentially('0138');
    expect(await page.getByLabel('Expiry date').inputValue()).toBe('01/38');
    await page.screenshot({ path: `${SHOTS}/checkout-card-credit.png`, fullPage: true });
    await Promise.all([page.waitForURL(`${shop.url}/paid?**`), page.getByRole('button', { name: 'Receive $5.00' }).click()]);
    const cb = await eventually(() => notifications.received.find((c) => c.fields.order_number === orderId));
    expect(cb.fields).toMatchObject({ type: 'credit', status: 'success', customer_name: 'Jane Roe' });
    await page.close();
  });

  it("takes the payer's and the payee's card for a transfer", async () => {
    const { url } = await session({ operation: 'transfer' });
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByLabel('Card number', { exact: true }).pressSequentially('4111111111111111');
    await page.getByLabel('Expiry date').pressSequentially('0138');
    await page.getByLabel('Security code').pressSequentially('123');
    await page.getByLabel('Cardholder name').fill('JOHN DOE');
    await page.getByLabel("Recipient's card number").pressSequentially('4601541833776519');
    await Promise.all([page.waitForURL(`${shop.url}/success?**`), page.getByRole('button', { name: /^Pay / }).click()]);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    const cb = await eventually(() => notifications.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields).toMatchObject({ type: 'transfer', status: 'success', payee_card: '460154****6519' });
    await page.close();
  });
});
