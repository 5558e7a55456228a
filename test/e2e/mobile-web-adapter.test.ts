/**
 * The mobile SDK's browser adapter (@open-payments/mobile-sdk/web) in real Chromium: a merchant web app on its own
 * origin runs Checkout in a popup and in an iframe, through the reference merchant backend (CORS for the app's
 * origin, no password in the app). The payer pays with a sandbox card; the adapter notices the return to the app's
 * own success page and settles with the payment id.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../support/platform.js';
import { readConfig } from '../../sdk/merchant-backend/src/config.js';
import { startBackendServer, type RunningBackend } from '../../sdk/merchant-backend/src/http-server.js';
import { E2E_APP_TOKEN, e2eAppUser, paymentRequest, shopOrders } from '../integration/sdk/support.js';

const platform = usePlatform();
let merchant: Merchant;
let backend: RunningBackend;
let browser: Browser;
let app: { server: Server; url: string };

/** The merchant's web app: a page with the bundled SDK, and its own success / cancel / error pages. */
async function startApp(): Promise<{ server: Server; url: string }> {
  const bundle = await build({
    entryPoints: [join(REPO_ROOT, 'test/e2e/fixtures/web-app.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
  });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://app').pathname;
    if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    const body =
      path === '/'
        ? '<div id="slot" style="width:400px;height:800px"></div><script type="module" src="/app.js"></script>'
        : `<h1>${path}</h1>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>${body}</body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  merchant = await testMerchant();
  app = await startApp();
  // The iframe needs the app's origin among the merchant's checkout frame ancestors (docs/checkout.md).
  await deps().merchants.update(merchant.clientKey, { checkoutFrameAncestors: [app.url] });
  backend = await startBackendServer(
    readConfig({
      PLATFORM_URL: platform.url,
      MERCHANT_KEY: merchant.clientKey,
      MERCHANT_PASSWORD: merchant.password,
      PORT: '0',
      CORS_ORIGINS: app.url,
    }),
    { authenticate: e2eAppUser, priceOrder: shopOrders, log: false },
  );
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await backend?.close();
  await new Promise((r) => app?.server.close(r));
});

async function pay(frame: Page | Frame): Promise<void> {
  await frame.getByLabel('Card number').pressSequentially('4111111111111111');
  await frame.getByLabel('Expiry date').pressSequentially('0138');
  await frame.getByLabel('Security code').pressSequentially('123');
  await frame.getByLabel('Cardholder name').fill('JOHN DOE');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

async function openApp(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(app.url);
  await page.waitForFunction(() => typeof window.runCheckout === 'function');
  return page;
}

describe('mobile SDK /web adapter in Chromium', () => {
  it('popup: pays, the adapter sees the return to the app and settles success with the payment id', async () => {
    const page = await openApp();
    const request = paymentRequest({}, app.url);
    const popupOpened = page.waitForEvent('popup');
    const result = page.evaluate(({ b, r, t }) => window.runCheckout('popup', b, r, t), { b: backend.url, r: request, t: E2E_APP_TOKEN });
    const popup = await popupOpened;
    await popup.getByLabel('Card number').waitFor();
    await pay(popup);
    await expect(result).resolves.toMatchObject({
      status: 'success',
      orderId: request.order.number,
      paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await page.close();
  });

  it('iframe: pays inside the app page, settles success and removes the iframe', async () => {
    const page = await openApp();
    const request = paymentRequest({}, app.url);
    const result = page.evaluate(({ b, r, t }) => window.runCheckout('iframe', b, r, t), { b: backend.url, r: request, t: E2E_APP_TOKEN });
    const frame = await (await page.waitForSelector('#slot iframe')).contentFrame();
    await frame!.getByLabel('Card number').waitFor();
    await pay(frame!);
    await expect(result).resolves.toMatchObject({ status: 'success', orderId: request.order.number, paymentId: expect.any(String) });
    await page.waitForFunction(() => !document.querySelector('#slot iframe'), undefined, { timeout: 5000 });
    await page.close();
  });
});
