/**
 * An operator's merchant settings page in real Chromium (playwright-core): the routing rules editor shows the CLI's
 * validation errors next to it and changes nothing, then saves valid rules and summarises them; Add MID with the
 * adyen connector asks for Adyen's URL, merchant account, API key and HMAC key, and never shows the keys again; the
 * MID list shows each MID's health. Screenshots: docs/console/routing-rules.png, docs/console/mid-health.png.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant, Mid } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../support/platform.js';
import { signInInBrowser } from './console-browser.js';

const SHOTS = 'docs/console';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const API_KEY = 'AQEyhmfxK4-browser-adyen-api-key';
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

const platform = usePlatform();
let shop: Merchant;
let mids: Mid[];
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await testMerchant({ mids: [{ name: 'primary' }, { name: 'backup' }] });
  mids = (await deps().merchants.get(shop.clientKey))!.mids;
  browser = await launchChromium();
  page = await signInInBrowser(browser, platform.url, 'ops@routing-browser.example', 'operator');
  await page.getByRole('combobox', { name: 'Merchant' }).selectOption(shop.clientKey);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('an operator on a merchant’s settings page in Chromium', () => {
  it('edits the routing rules: a validation error next to the editor, then valid rules saved and summarised', async () => {
    await page.goto(`${platform.url}/console/#/settings`);
    const section = page.getByRole('region', { name: 'Routing rules' });
    await poll(() => section.getByLabel('Routing summary').textContent()).toMatch(/No routing rules/);
    const editor = section.getByLabel(/Routing rules \(JSON/);

    await editor.fill(JSON.stringify({ rules: [{ name: 'typo', match: {}, mids: [{ midId: 'MID-NOPE', weight: 100 }] }] }));
    await section.getByRole('button', { name: 'Save rules' }).click();
    await poll(() => section.getByRole('alert').textContent()).toContain('Rule 1 ("typo"), MID 1: unknown MID "MID-NOPE"');
    expect((await deps().merchants.get(shop.clientKey))!.routing).toBeUndefined();

    const [primary, backup] = [mids.find((m) => m.name === 'primary')!, mids.find((m) => m.name === 'backup')!];
    const rules = {
      maxAttempts: 2,
      rules: [
        {
          name: 'euro',
          match: { currencies: ['EUR'] },
          mids: [
            { midId: primary.midId, weight: 80 },
            { midId: backup.midId, weight: 20 },
          ],
        },
        { name: 'rest', match: {}, mids: [{ midId: backup.midId, weight: 100 }] },
      ],
    };
    await editor.fill(JSON.stringify(rules, null, 2));
    await section.getByRole('button', { name: 'Save rules' }).click();
    await poll(() => section.getByRole('status').textContent()).toMatch(/Routing rules saved \(version 1\)/);
    expect(await section.getByRole('alert').count()).toBe(0);
    const summary = section.getByLabel('Routing summary');
    await poll(() => summary.textContent()).toContain('euro: EUR → primary 80%, backup 20%');
    expect(await summary.textContent()).toContain('rest: every payment → backup 100%');
    expect((await deps().merchants.get(shop.clientKey))!.routing).toMatchObject({ version: 1, rules: rules.rules });
    await section.screenshot({ path: `${SHOTS}/routing-rules.png` });
  });

  it('Add MID with the adyen connector shows the Adyen fields and creates a MID with its keys sealed', async () => {
    await page.goto(`${platform.url}/console/#/settings`);
    const form = page.getByRole('form', { name: 'New MID' });
    await form.getByLabel('Connector').selectOption('adyen');
    await form.getByLabel('Adyen URL').fill('https://checkout-test.adyen.com/v71');
    await form.getByLabel('Merchant account').fill('ShopECOM');
    await form.getByLabel('API key').fill(API_KEY);
    await form.getByLabel('HMAC key').fill(HMAC_KEY);
    expect(await form.getByLabel('API key').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Create MID' }).click();
    await poll(() => form.getByRole('status').textContent()).toMatch(/MID .* created/);
    await poll(() => page.getByRole('table', { name: 'MIDs' }).getByText('adyen', { exact: true }).count()).toBe(1);
    expect(await form.getByLabel('API key').inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain(API_KEY);
    expect(html).not.toContain(HMAC_KEY);
    const adyen = (await deps().merchants.get(shop.clientKey))!.mids.find((m) => m.connector === 'adyen')!;
    expect(adyen).toMatchObject({ connectorSettings: { url: 'https://checkout-test.adyen.com/v71', merchantAccount: 'ShopECOM' } });
    expect(adyen.credentialsSealed).toBeDefined();
  });

  it('Add MID with the checkout-com connector shows its fields and creates a MID with its keys sealed', async () => {
    const secretKey = 'sk_sbox_e2e0console0checkout0com0key';
    const webhookSecret = 'cko-e2e-webhook-signature-key';
    await page.goto(`${platform.url}/console/#/settings`);
    const form = page.getByRole('form', { name: 'New MID' });
    await form.getByLabel('Connector').selectOption('checkout-com');
    await form.getByLabel('API URL').fill('https://api.sandbox.checkout.com');
    await form.getByLabel('Processing channel').fill('pc_q4dbxom5jbgudnjzjpz7j2z6uq');
    await form.getByLabel('Secret key').fill(secretKey);
    await form.getByLabel('Webhook signature key').fill(webhookSecret);
    expect(await form.getByLabel('Secret key').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Create MID' }).click();
    await poll(() => form.getByRole('status').textContent()).toMatch(/MID .* created/);
    await poll(() => page.getByRole('table', { name: 'MIDs' }).getByText('checkout-com', { exact: true }).count()).toBe(1);
    expect(await form.getByLabel('Secret key').inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain(secretKey);
    expect(html).not.toContain(webhookSecret);
    const mid = (await deps().merchants.get(shop.clientKey))!.mids.find((m) => m.connector === 'checkout-com')!;
    expect(mid).toMatchObject({
      connectorSettings: { url: 'https://api.sandbox.checkout.com', processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq' },
    });
    expect(mid.credentialsSealed).toBeDefined();
  });

  it('the MID list shows each MID’s health: a badge, and when an open MID is tried again', async () => {
    const backup = mids.find((m) => m.name === 'backup')!;
    const opened = await deps().merchants.recordMidFailure(shop.clientKey, backup.midId, new Date(), {
      failureThreshold: 1,
      windowSeconds: 60,
      cooldownSeconds: 600,
    });
    await page.goto(`${platform.url}/console/#/settings`);
    await page.reload();
    const table = page.getByRole('table', { name: 'MIDs' });
    const row = table.getByRole('row').filter({ hasText: 'backup' });
    await poll(() => row.textContent()).toContain('open');
    expect(await row.textContent()).toContain(`1 failure · reopens ${opened.health.reopensAt!.slice(0, 19).replace('T', ' ')} UTC`);
    expect(await table.getByRole('row').filter({ hasText: 'primary' }).textContent()).toContain('closed');
    await table.screenshot({ path: `${SHOTS}/mid-health.png` });
  });
});
