/**
 * The 3DS page in a real browser: at top level the return to term_url_3ds submits itself; inside the merchant's
 * iframe with target _top the payer sees a Continue step, and Continue takes the whole window to term_url_3ds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

const platform = usePlatform();
let merchant: Merchant;
let browser: Browser;
let shopServer: Server;
let shopUrl = '';
/** redirect answer the shop page auto-posts into its iframe. */
let pending: any;
const returns: string[] = [];

beforeAll(async () => {
  merchant = await testMerchant();
  shopServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', shopUrl || 'http://x');
    if (url.pathname === '/shop') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body><h1>Shop</h1><iframe name="acs" src="/start" width="600" height="400"></iframe></body></html>`);
    } else if (url.pathname === '/start') {
      const params = pending.redirect_params as Record<string, string>;
      const inputs = Object.entries(params)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<html><body><form id="f" method="POST" action="${pending.redirect_url}">${inputs}</form><script>document.getElementById('f').submit()</script></body></html>`,
      );
    } else {
      returns.push(`${req.method} ${url.pathname}`);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Thank you</h1></body></html>');
    }
  });
  await new Promise<void>((r) => shopServer.listen(0, '127.0.0.1', r));
  shopUrl = `http://127.0.0.1:${(shopServer.address() as AddressInfo).port}`;
  // The platform's pages are framed only by origins the merchant lists (frame-ancestors 'none' otherwise).
  const current = (await deps().merchants.get(merchant.clientKey))!.merchant;
  await deps().merchants.update(merchant.clientKey, merchantSettings(current, { checkoutFrameAncestors: [shopUrl] }));
  if (CHROMIUM) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  shopServer?.closeAllConnections();
  await new Promise((r) => shopServer?.close(r));
});

async function start3ds(): Promise<any> {
  const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '05', term_url_3ds: `${shopUrl}/return` }));
  expect(res.body.status).toBe('3DS');
  return res.body;
}

describe.skipIf(!CHROMIUM)('3DS page in a browser', () => {
  it('inside an iframe with _top: a Continue step, then the whole window goes to term_url_3ds', async () => {
    pending = await start3ds();
    const page = await browser.newPage();
    await page.goto(`${shopUrl}/shop`);
    const frame = page.frameLocator('iframe[name="acs"]');
    await frame.getByRole('button', { name: 'Authenticate' }).click();
    await expect.poll(() => frame.getByRole('button', { name: 'Continue' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/shop');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${shopUrl}/return`);
    expect(returns).toContain('POST /return');
    const status = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', pending.trans_id));
    expect(status.body.status).toBe('SETTLED');
    await page.close();
  });

  it('at top level the return submits itself', async () => {
    pending = await start3ds();
    const page = await browser.newPage();
    await page.goto(`${shopUrl}/start`);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL(`${shopUrl}/return`);
    await page.close();
  });
});
