/**
 * The mobile SDK's web-view flow in real Chromium standing in for the app's web view: the controller creates the
 * session (through the reference merchant backend, no password in the "app"), the page loads, the payer types a
 * sandbox card, and the controller — fed only the web view's navigation events — settles with the outcome.
 * page.route plays react-native-webview's onShouldStartLoadWithRequest: a return URL is not loaded, the app takes over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CheckoutSdk, CheckoutWebViewController, type CheckoutResult, type PaymentRequest } from '@open-payments/mobile-sdk';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../support/platform.js';
import { readConfig } from '../../sdk/merchant-backend/src/config.js';
import { startBackendServer, type RunningBackend } from '../../sdk/merchant-backend/src/http-server.js';
import {
  E2E_APP_TOKEN,
  e2eAppUser,
  paymentRequest,
  requestsContaining,
  shopOrders,
  type RecordedRequest,
} from '../integration/sdk/support.js';

// The app's return pages are never loaded (the web view stops there), so they need no server.
const APP = 'https://app.shop.example/checkout';

const platform = usePlatform();
let merchant: Merchant;
let backend: RunningBackend;
let browser: Browser;
let appSdk: CheckoutSdk;
const seen: RecordedRequest[] = [];

beforeAll(async () => {
  merchant = await testMerchant();
  backend = await startBackendServer(
    readConfig({ PLATFORM_URL: platform.url, MERCHANT_KEY: merchant.clientKey, MERCHANT_PASSWORD: merchant.password, PORT: '0' }),
    { authenticate: e2eAppUser, priceOrder: shopOrders, log: false },
  );
  appSdk = new CheckoutSdk({ backendUrl: backend.url, getAuthToken: () => E2E_APP_TOKEN });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await backend?.close();
});

/** The adapter a web view gives the controller: every main-frame navigation asks first; closing the view closes it. */
async function openInWebView(controller: CheckoutWebViewController): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.on('request', (r) => seen.push({ url: r.url(), headers: r.headers(), body: r.postData() ?? '' }));
  await page.route('**/*', (route) => {
    const req = route.request();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame() && !controller.shouldStartLoad(req.url()))
      return route.abort('aborted');
    return route.continue();
  });
  page.on('framenavigated', (frame) => frame === page.mainFrame() && controller.onNavigation(frame.url()));
  page.on('close', () => controller.close());
  await page.goto(await controller.start());
  return page;
}

async function fill(page: Page, expiry: string): Promise<void> {
  await page.getByLabel('Card number').pressSequentially('4111111111111111');
  await page.getByLabel('Expiry date').pressSequentially(expiry.replace('/', ''));
  await page.getByLabel('Security code').pressSequentially('123');
  await page.getByLabel('Cardholder name').fill('JOHN DOE');
}

const request = (): PaymentRequest => paymentRequest({}, APP);

async function settle(controller: CheckoutWebViewController, page: Page): Promise<CheckoutResult> {
  const result = await controller.result;
  await page.close();
  return result;
}

describe('mobile SDK web view in Chromium', () => {
  it('pays with 4111 1111 1111 1111 01/38: success with the payment id, confirmed by checkStatus', async () => {
    const req = request();
    const controller = new CheckoutWebViewController(appSdk, req);
    const page = await openInWebView(controller);
    await fill(page, '01/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    const result = await settle(controller, page);
    expect(result).toMatchObject({ status: 'success', orderId: req.order.number, paymentId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(result.hashVerified).toBeUndefined(); // no password in this app: nothing to check with
    await expect(appSdk.checkStatus({ paymentId: result.paymentId! })).resolves.toMatchObject({ status: 'settled' });
  });

  it('passes the 3DS step of 05/38 and settles success; an SDK holding the password verifies the return hash', async () => {
    const direct = new CheckoutSdk({ backendUrl: platform.url, merchantKey: merchant.clientKey, password: merchant.password });
    const controller = new CheckoutWebViewController(direct, request());
    const page = await openInWebView(controller);
    await fill(page, '05/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const result = await settle(controller, page);
    expect(result).toMatchObject({ status: 'success', hashVerified: true, transId: expect.any(String) });
    await expect(direct.checkStatus({ paymentId: result.paymentId! })).resolves.toMatchObject({ status: 'settled' });
  });

  it('settles cancel when the payer leaves with "Cancel and return to the store"', async () => {
    const controller = new CheckoutWebViewController(appSdk, request());
    const page = await openInWebView(controller);
    await page
      .getByRole('link', { name: 'Cancel and return to the store' })
      .or(page.getByRole('button', { name: 'Cancel and return to the store' }))
      .click();
    expect(await settle(controller, page)).toMatchObject({ status: 'cancel', paymentId: expect.any(String) });
  });

  it('settles cancel after a decline (02/38) once the payer returns', async () => {
    const controller = new CheckoutWebViewController(appSdk, request());
    const page = await openInWebView(controller);
    await fill(page, '02/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.locator('#reason').textContent()).resolves.toBe('Declined by processing.');
    await page.getByRole('link', { name: 'Return to the store' }).click();
    expect(await settle(controller, page)).toMatchObject({ status: 'cancel' });
  });

  it('settles error when the outcome is undetermined (10/38: the acquirer never answers)', async () => {
    const controller = new CheckoutWebViewController(appSdk, request());
    const page = await openInWebView(controller);
    await fill(page, '10/38');
    await page.getByRole('button', { name: /^Pay / }).click();
    expect(await settle(controller, page)).toMatchObject({ status: 'error', paymentId: expect.any(String) });
  });

  it('settles closed when the view is closed before any return', async () => {
    const controller = new CheckoutWebViewController(appSdk, request());
    const page = await openInWebView(controller);
    await page.close();
    await expect(controller.result).resolves.toMatchObject({ status: 'closed' });
  });

  it('the web view never carried the merchant password', () => {
    expect(seen.length).toBeGreaterThan(10);
    expect(requestsContaining(seen, merchant.password)).toEqual([]);
  });
});
