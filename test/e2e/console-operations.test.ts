/**
 * The console's newer screens in real Chromium (playwright-core): a merchant admin pauses a subscription and changes
 * its amount, edits required payer fields and hosted-fields origins, fills the Wallets tab's spec fields with an
 * identity certificate, and replays every failed callback; an operator opens a chargeback, resolves an undetermined
 * payment from the reconciliation work list, and disables a user, whose open page is signed out. Screenshots go to
 * docs/console/.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { saleFields } from '../support/s2s.js';
import { createScheduleFields } from '../integration/schedules/support.js';
import { sale } from '../integration/console/payments.js';
import { signInInBrowser } from './console-browser.js';

const SHOTS = 'docs/console';
// Pages reload after each change; on a loaded machine that takes longer than expect.poll's 1 s default.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const fixture = (name: string) => readFileSync(new URL(`../integration/console/fixtures/${name}`, import.meta.url), 'utf8');

// Callback retries a second apart: a failing URL spends its retries while the test signs in.
const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: '1' });
let shop: Merchant;
let callbacks: MerchantServer;
let browser: Browser;
let merchantPage: Page;
let operatorPage: Page;
let subscription: { scheduleId: string; token: string };
let failing: string;

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  callbacks = await startMerchantServer();
  shop = await testMerchant({ notificationUrl: callbacks.url });
  browser = await launchChromium();
  const scheduleId = (await post(createScheduleFields(shop, { name: 'Monthly box', interval_length: '1', interval_unit: 'month' }))).body
    .schedule_id as string;
  const first = await post(saleFields(shop, { recurring_init: 'Y', schedule_id: scheduleId }));
  subscription = { scheduleId, token: first.body.recurring_token };
  let down = true;
  callbacks.respond = (cb, res) => {
    const fail = down && String(cb.fields.order_id ?? '').startsWith('down-');
    res.writeHead(fail ? 500 : 200);
    res.end(fail ? 'down' : 'OK');
  };
  failing = (await sale(platform.url, shop, { orderId: `down-${randomUUID().slice(0, 8)}` })).trans_id;
  await eventually(
    async () => (await deps().callbacks.outbox.forPayment(failing)).every((c) => c.delivery === 'FAILED') || undefined,
    60_000,
  );
  down = false;
  merchantPage = await signInInBrowser(browser, platform.url, 'staff@ops-shop.example', 'merchant-admin', shop.clientKey);
  operatorPage = await signInInBrowser(browser, platform.url, 'ops@ops-shop.example', 'operator');
  await operatorPage.getByRole('combobox', { name: 'Merchant' }).selectOption(shop.clientKey);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await callbacks?.close();
});

describe('the console’s schedules, settings and operator screens in Chromium', () => {
  it('a merchant admin pauses a subscription and changes its amount', async () => {
    const page = merchantPage;
    await page.goto(`${platform.url}/console/#/schedules`);
    await page.getByRole('button', { name: 'Open schedule Monthly box' }).click();
    const subs = page.getByRole('table', { name: 'Subscriptions' });
    await subs.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await poll(() => subs.getByRole('button', { name: 'Resume' }).count()).toBe(1);
    await subs.getByRole('button', { name: 'Change amount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByLabel(/New amount/).fill('12.34');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await poll(() => subs.getByText('12.34 USD').count()).toBe(1);
    const stored = await deps().schedules.getSubscription(subscription.scheduleId, subscription.token);
    expect(stored).toMatchObject({ paused: true, amount: 1234 });
    await page.screenshot({ path: `${SHOTS}/schedules.png` });
  });

  it('edits required payer fields and hosted-fields origins', async () => {
    const page = merchantPage;
    await page.goto(`${platform.url}/console/#/settings`);
    await page.getByRole('group', { name: 'Required payer fields' }).getByLabel('payer_country').click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/Required payer fields saved/);
    const origins = page.getByRole('form', { name: 'Hosted fields origins' });
    await origins.getByLabel(/Hosted fields origins/).fill('https://shop.example\nhttps://pay.shop.example');
    await origins.getByRole('button', { name: 'Save origins' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/Hosted fields origins saved/);
    const m = (await deps().merchants.get(shop.clientKey))!.merchant;
    expect(m.requiredPayerFields).toEqual(['payer_country']);
    expect(m.hostedFieldsOrigins).toEqual(['https://shop.example', 'https://pay.shop.example']);
    await page.screenshot({ path: `${SHOTS}/settings-editors.png`, fullPage: true });
  });

  it('fills the Wallets tab’s spec fields: the keys are sealed, the certificate is shown by subject', async () => {
    const page = merchantPage;
    await page.goto(`${platform.url}/console/#/wallets`);
    const apple = page.getByRole('form', { name: 'Apple Pay' });
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await apple.getByLabel('Merchant identifier').fill('merchant.example.shop');
    await apple.getByLabel('Country').fill('US');
    await apple.getByLabel('Shop name').fill('Example Shop');
    await apple.getByRole('group', { name: 'Merchant capabilities' }).getByLabel('supports3DS').check();
    await apple.getByRole('group', { name: 'Supported networks' }).getByLabel('visa', { exact: true }).check();
    await apple.getByRole('group', { name: 'Supported networks' }).getByLabel('masterCard').check();
    await apple.getByLabel('or paste the merchant identity certificate').fill(fixture('apple-identity.cert.pem'));
    await apple.getByLabel('or paste the certificate private key').fill(fixture('apple-identity.key.pem'));
    await apple.getByLabel('or paste the processing private key').fill(key);
    await apple.getByRole('button', { name: 'Save Apple Pay' }).click();
    await poll(() => apple.getByRole('status').textContent()).toMatch(/public key hash/);
    const google = page.getByRole('form', { name: 'Google Pay' });
    await google.getByLabel('Environment').selectOption('PRODUCTION');
    await google.getByRole('group', { name: 'Allowed auth methods' }).getByLabel('CRYPTOGRAM_3DS').check();
    await google.getByRole('group', { name: 'Supported networks' }).getByLabel('VISA').check();
    await google
      .getByLabel('or paste the private key')
      .fill(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    await google.getByRole('button', { name: 'Save Google Pay' }).click();
    await poll(() => google.getByRole('status').textContent()).toMatch(/public key hash/);
    const table = page.getByRole('table', { name: 'Wallet settings' });
    await poll(() => table.getByText('US · Example Shop').count()).toBe(1);
    await poll(() => table.getByText(/CN=merchant.example.shop/).count()).toBe(1);
    await poll(() => table.getByText('CRYPTOGRAM_3DS').count()).toBe(1);
    const html = await page.content();
    expect(html).not.toContain(key.split('\n')[1]);
    expect(html).not.toContain(fixture('apple-identity.key.pem').split('\n')[1]);
    await page.screenshot({ path: `${SHOTS}/wallets.png`, fullPage: true });
  });

  it('replays every failed callback from the DLQ view', async () => {
    const page = merchantPage;
    await page.goto(`${platform.url}/console/#/callbacks`);
    const failed = page.getByRole('table', { name: 'Failed callbacks' });
    await poll(() => failed.getByText(`${failing.slice(0, 8)}…`).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/failed-callbacks.png` });
    await page.getByRole('button', { name: 'Replay all failed' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/1 failed callback\(s\) queued again/);
    await eventually(async () => (await deps().callbacks.outbox.forPayment(failing)).every((c) => c.delivery === 'DELIVERED') || undefined);
    await page.reload();
    await poll(() =>
      page
        .getByRole('table', { name: 'Failed callbacks' })
        .getByText(`${failing.slice(0, 8)}…`)
        .count(),
    ).toBe(0);
  });

  it('an operator opens a chargeback', async () => {
    const { trans_id: transId } = await sale(platform.url, shop, { orderId: `disputed-${randomUUID().slice(0, 8)}` });
    const page = operatorPage;
    await page.goto(`${platform.url}/console/#/chargebacks`);
    const form = page.getByRole('form', { name: 'Open a chargeback' });
    await form.getByLabel('Trans id').fill(transId);
    await form.getByLabel('Amount').fill('10.00');
    await form.getByLabel('Reason code').fill('4837');
    await form.getByRole('button', { name: 'Open chargeback' }).click();
    await poll(() => form.getByRole('status').textContent()).toMatch(/recorded; the payment is CHARGEBACK/);
    await poll(() => page.getByRole('table', { name: 'Chargebacks' }).getByText(transId).count()).toBe(1);
    await eventually(() => callbacks.received.find((c) => c.fields.trans_id === transId && c.fields.action === 'CHARGEBACK'));
    await page.screenshot({ path: `${SHOTS}/chargebacks.png` });
  });

  it('an operator resolves an undetermined payment from the reconciliation work list', async () => {
    // Sandbox 11/2038: the acquirer does not answer the SALE; asked later, it says approved.
    const res = await post(saleFields(shop, { card_exp_month: '11' }));
    expect(res.body.result).toBe('UNDEFINED');
    const page = operatorPage;
    await page.goto(`${platform.url}/console/#/reconciliation`);
    const list = page.getByRole('table', { name: 'Undetermined payments' });
    const row = list.locator('tr', { hasText: res.body.trans_id });
    await poll(() => row.count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/reconciliation.png` });
    await row.getByRole('button', { name: 'Ask the acquirer' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/Resolved: the payment is SETTLED/);
    await poll(() => list.locator('tr', { hasText: res.body.trans_id }).count()).toBe(0);
  });

  it('an operator disables a user: the user’s open console is signed out', async () => {
    const page = operatorPage;
    await page.goto(`${platform.url}/console/#/users`);
    await page.getByRole('button', { name: 'Disable staff@ops-shop.example' }).click();
    await poll(() => page.getByRole('button', { name: 'Enable staff@ops-shop.example' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/users.png` });
    await merchantPage.goto(`${platform.url}/console/#/payments`);
    await merchantPage.reload();
    await merchantPage.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
