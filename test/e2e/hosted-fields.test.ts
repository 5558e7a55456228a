/**
 * Hosted Payment Fields in real Chromium: a merchant page on another origin (served by this test) loads
 * /sdk/hosted-fields.js, the payer types a sandbox card into the platform's iframes, collectIframesData() submits it
 * straight to the platform, then the test's "merchant backend" calls processing with the Token. Screenshots land
 * in test-results/.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { checkoutHash } from '../../shared/protocol/signature.js';
import { eventually, testMerchant, usePlatform } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { createToken, pay } from '../integration/hosted-fields/support.js';

const SHOTS = 'test-results';
const PAN = '4111111111111111';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;
let shop: { server: Server; url: string; requests: string[] };
let browser: Browser;

/** The merchant's own page with the three containers; the token is what its backend got from /session/token. */
function shopPage(token: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop checkout</title>
<script src="${platform.url}/sdk/hosted-fields.js"></script>
<style>body{font-family:sans-serif;max-width:420px;margin:30px auto}.f{height:40px;border:1px solid #889;border-radius:6px;margin:6px 0 14px;padding:0 6px}</style></head>
<body><h1>Shop</h1><label>Card number</label><div class="f" id="card-box"></div>
<label>Expiry</label><div class="f" id="expiry-box"></div><label>CVV</label><div class="f" id="cvv-box"></div>
<button id="pay">Pay</button>
<script>
  window.events = [];
  var hf = new HostedFields();
  hf.init({
    sessionToken: ${JSON.stringify(token)},
    fields: {
      card: { id: 'card-box', placeholder: '1234 1234 1234 1234', style: { '.hosted-field-card-brand-logo': { color: 'rgb(0, 90, 0)' } } },
      expiry: { id: 'expiry-box', placeholder: 'MM/YY' },
      cvv: { id: 'cvv-box', placeholder: 'CVV', style: { input: { color: 'rgb(200, 0, 0)' } } }
    },
    style: { input: { color: 'rgb(1, 2, 3)', 'font-size': '18px', background: 'url(https://evil.example/x)' }, '::placeholder': { color: 'rgb(150, 150, 150)' } }
  });
  hf.cardOn.input = function (e) { events.push(['input', e.field, e.valid]); };
  hf.cardOn.focus = function (e) { events.push(['focus', e.field]); };
  hf.cardOn.blur = function (e) { events.push(['blur', e.field]); };
  hf.onSubmitResult = function (r) { window.submitResult = r; };
  document.getElementById('pay').addEventListener('click', function () { window.submitResult = null; hf.collectIframesData(); });
</script></body></html>`;
}

async function startShop(): Promise<typeof shop> {
  const requests: string[] = [];
  const tokens = new Map<string, string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
      const u = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (u.pathname === '/checkout') res.end(shopPage(tokens.get(u.searchParams.get('order') ?? '') ?? ''));
      else res.end(`<!doctype html><title>Shop</title><h1>Back at the shop: ${u.pathname}</h1>`);
    });
  });
  await new Promise<void>((r) => server.listen(0, r)); // all interfaces: "localhost" is a different site than 127.0.0.1
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return Object.assign({ server, url, requests }, { tokens }) as typeof shop & { tokens: Map<string, string> };
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

/** The merchant backend creates the session; the payer opens the shop's checkout page. */
async function openShop(): Promise<{
  page: Page;
  token: string;
  order: { number: string; amount: string; currency: string; description: string };
}> {
  const { token, order } = await createToken(platform.url, merchant, { return_url: `${shop.url}/return` });
  (shop as unknown as { tokens: Map<string, string> }).tokens.set(order.number, token);
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.goto(`${shop.url}/checkout?order=${order.number}`);
  return { page, token, order };
}

async function typeCard(page: Page, number: string, expiry: string, cvv = '123'): Promise<void> {
  await page.frameLocator('#card-box iframe').locator('input').pressSequentially(number);
  await page.frameLocator('#expiry-box iframe').locator('input').pressSequentially(expiry.replace('/', ''));
  await page.frameLocator('#cvv-box iframe').locator('input').pressSequentially(cvv);
}

async function collect(page: Page): Promise<{ result: string; message: string }> {
  await page.click('#pay');
  await page.waitForFunction(() => (window as unknown as { submitResult?: unknown }).submitResult);
  return page.evaluate(() => (window as unknown as { submitResult: { result: string; message: string } }).submitResult);
}

describe('Hosted fields in Chromium', () => {
  it('types 4111 1111 1111 1111 01/38 into the iframes, submits it to the platform, and the backend’s payment settles', async () => {
    const { page, token, order } = await openShop();
    await typeCard(page, PAN, '01/38');
    const card = page.frameLocator('#card-box iframe').locator('input');
    expect(await card.inputValue()).toBe('4111 1111 1111 1111');
    expect(await page.frameLocator('#expiry-box iframe').locator('input').inputValue()).toBe('01/38');
    // Merchant styles applied through the CSSOM; the url() value was dropped.
    expect(await card.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');
    expect(
      await page
        .frameLocator('#cvv-box iframe')
        .locator('input')
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(200, 0, 0)');
    expect(await page.frameLocator('#card-box iframe').locator('.hosted-field-card-brand-logo').textContent()).toBe('visa');

    // The merchant page cannot reach into the frames, and never sees the card.
    expect(
      await page.evaluate(() => {
        try {
          return (document.querySelector('#card-box iframe') as HTMLIFrameElement).contentDocument?.body.innerHTML ?? null;
        } catch {
          return null;
        }
      }),
    ).toBeNull();
    const events = await page.evaluate(() => (window as unknown as { events: unknown[][] }).events);
    expect(events).toContainEqual(['input', 'card', true]);
    expect(events).toContainEqual(['input', 'card', false]); // before the last digit
    expect(events).toContainEqual(['focus', 'card']);
    expect(events).toContainEqual(['blur', 'card']);
    expect(JSON.stringify(events)).not.toContain('4111');

    await page.screenshot({ path: `${SHOTS}/hosted-fields.png`, fullPage: true });
    expect(await collect(page)).toEqual({ result: 'success', message: '' });
    // Not even the first digits; ports masked first, since a random port can be 41113 (localhost:41113, %3A41113).
    const withoutPorts = (text: string) => text.replace(/(localhost|127\.0\.0\.1)(:|%3A)\d+/gi, '$1$2PORT');
    expect(withoutPorts(await page.content())).not.toContain('4111');
    expect(withoutPorts(shop.requests.join('\n'))).not.toContain('4111');

    const res = await pay(platform.url, token, {
      name: 'JOHN DOE',
      with_hosted_fields: true,
      browser_info: { accept_header: 'text/html', user_agent: 'Chromium' },
    });
    expect(res.body).toEqual({ result: 'success', public_id: expect.any(String), amount: '10.00', currency: 'USD' });
    const cb = await eventually(() => notifications.received.find((c) => c.fields.order_number === order.number));
    expect(cb.fields).toMatchObject({
      id: res.body.public_id,
      type: 'sale',
      status: 'success',
      order_status: 'settled',
      card: '411111****1111',
    });
    await page.close();
  });

  it('takes 05/38 through the platform’s 3DS page and back to return_url with a hash the merchant can verify', async () => {
    const { page, token, order } = await openShop();
    await typeCard(page, PAN, '05/38');
    expect((await collect(page)).result).toBe('success');
    const res = await pay(platform.url, token, { name: 'JOHN DOE', with_hosted_fields: true });
    expect(res.body.result).toBe('redirect');
    // The shop sends the payer to redirect_url (a GET: no redirect_params).
    await page.goto(res.body.redirect_url);
    await page.getByRole('button', { name: 'Authenticate' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/hosted-fields-3ds.png` });
    await Promise.all([page.waitForURL(`${shop.url}/return?**`), page.getByRole('button', { name: 'Authenticate' }).click()]);
    const q = Object.fromEntries(new URL(page.url()).searchParams);
    expect(q.payment_id).toBe(res.body.public_id);
    expect(q.hash).toBe(checkoutHash([q.payment_id!, order.number, order.amount, order.currency, order.description], merchant.password));
    const cb = await eventually(() =>
      notifications.received.find((c) => c.fields.order_number === order.number && c.fields.type === 'sale'),
    );
    expect(cb.fields).toMatchObject({ status: 'success', order_status: 'settled' });
    await page.close();
  });

  it('declines 02/38, and reports a card that fails the checks as result undefined', async () => {
    const { page, token } = await openShop();
    await typeCard(page, '1111222233334444', '01/38');
    const events = await page.evaluate(() => (window as unknown as { events: unknown[][] }).events);
    expect(events.filter((e) => e[0] === 'input' && e[1] === 'card').at(-1)).toEqual(['input', 'card', false]);
    expect(await collect(page)).toEqual({ result: 'undefined', message: '' });

    await page.frameLocator('#card-box iframe').locator('input').fill('');
    await page.frameLocator('#expiry-box iframe').locator('input').fill('');
    await typeCard(page, PAN, '02/38', '');
    expect(await collect(page)).toEqual({ result: 'success', message: '' });
    const res = await pay(platform.url, token, { name: 'JOHN DOE', with_hosted_fields: true });
    expect(res.body).toMatchObject({ result: 'decline', decline_message: 'Declined by processing.' });
    await page.close();
  });

  it('pays on the local demo page (/hosted-fields/demo)', async () => {
    const { token } = await createToken(platform.url, merchant);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${platform.url}/hosted-fields/demo?token=${token}`);
    await page.frameLocator('#card-container iframe').locator('input').pressSequentially(PAN);
    await page.frameLocator('#expiry-container iframe').locator('input').pressSequentially('0138');
    await page.frameLocator('#cvv-container iframe').locator('input').pressSequentially('123');
    await page.click('#pay');
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toContain('Result: success');
    await page.screenshot({ path: `${SHOTS}/hosted-fields-demo.png` });
    expect(errors).toEqual([]); // no CSP violation on the demo or in its frames
    await page.close();
  });

  it('refuses to render a field inside a page of another origin than the one declared', async () => {
    const { token } = await createToken(platform.url, merchant);
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => blocked.push(m.text()));
    await page.goto(`${shop.url}/other`);
    await page.evaluate(
      (src) => {
        const f = document.createElement('iframe');
        f.src = src;
        document.body.appendChild(f);
      },
      `${platform.url}/hosted-fields/frame/card?token=${token}&origin=${encodeURIComponent('https://evil.example')}&channel=abcdefgh12`,
    );
    await eventually(() => blocked.some((t) => /frame-ancestors/.test(t)) || undefined, 5000);
    expect(
      await page
        .frames()[1]
        ?.locator('input')
        .count()
        .catch(() => 0),
    ).toBe(0);
    await page.close();
  });
});
