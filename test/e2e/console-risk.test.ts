/**
 * The Risk page in real Chromium (playwright-core): a merchant admin adds an e-mail to its merchant's blocklist, a
 * payment with that e-mail on the public S2S endpoint is then declined by the risk check without reaching the
 * acquirer, and the console's payment view shows the decision naming the entry. Invalid risk rules show the CLI's
 * problems next to the editor. Screenshot: docs/console/risk.png.
 */
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../support/platform.js';
import { saleFields } from '../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../support/connectors.js';
import { signInInBrowser } from './console-browser.js';

const SHOTS = 'docs/console';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const platform = usePlatform();
let shop: Merchant;
let sandbox: ReturnType<typeof recordingSandbox>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sandbox = recordingSandbox();
  shop = await testMerchant();
  browser = await launchChromium();
  page = await signInInBrowser(browser, platform.url, 'admin@risk-browser.example', 'merchant-admin', shop.clientKey);
}, 120_000);
afterAll(async () => {
  restoreConnectors();
  await browser?.close();
});

describe('a merchant admin on the Risk page in Chromium', () => {
  it('blocks an e-mail; the next payment with it is declined before the acquirer, and its view says why', async () => {
    const email = `carder-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${platform.url}/console/#/risk`);
    const list = page.getByRole('region', { name: 'Blocklist of this merchant' });
    await poll(() => list.getByRole('table').textContent()).toContain('Nothing here yet.');
    const form = list.getByRole('form', { name: /Add to/ });
    await form.getByLabel('Type').selectOption('email');
    await form.getByLabel('Value').fill(email);
    await form.getByLabel('Reason').fill('card testing');
    await form.getByRole('button', { name: 'Block' }).click();
    await poll(() => list.getByRole('status').textContent()).toContain(`Blocked email ${email}.`);
    await poll(() => list.getByRole('table').textContent()).toContain(email);
    await page.screenshot({ path: `${SHOTS}/risk.png`, fullPage: true });

    const calls = sandbox.pay.mock.calls.length;
    const res = await postForm(`${platform.url}/post`, saleFields(shop, { payer_email: email }));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect(sandbox.pay.mock.calls.length).toBe(calls);

    await page.goto(`${platform.url}/console/#/payments/${res.body.trans_id}`);
    await poll(() => page.locator('main').textContent()).toContain('Risk decision');
    expect(await page.locator('main').textContent()).toContain(`merchant blocklist email ${email}`);
  });

  it('removes the entry; the same e-mail pays again', async () => {
    await page.goto(`${platform.url}/console/#/risk`);
    const list = page.getByRole('region', { name: 'Blocklist of this merchant' });
    const remove = list.getByRole('button', { name: /^Remove email / });
    await poll(() => remove.count()).toBe(1);
    const email = (await remove.getAttribute('aria-label'))!.replace('Remove email ', '');
    await remove.click();
    await poll(() => list.getByRole('table').textContent()).toContain('Nothing here yet.');
    const res = await postForm(`${platform.url}/post`, saleFields(shop, { payer_email: email }));
    expect(res.body).toMatchObject({ result: 'SUCCESS' });
  });

  it('shows every problem of invalid risk rules next to the editor and saves nothing', async () => {
    const section = page.getByRole('region', { name: 'Risk rules' });
    const editor = section.getByLabel(/Risk rules \(JSON/);
    await editor.fill(JSON.stringify({ rules: [{ match: { currencies: ['EURO'] }, action: 'nuke' }] }));
    await section.getByRole('button', { name: 'Save risk rules' }).click();
    const alert = section.getByRole('alert');
    await poll(() => alert.locator('li').count()).toBeGreaterThanOrEqual(3);
    expect(await alert.textContent()).toContain('"EURO" is not an ISO 4217 currency code');
    expect((await deps().riskAdmin.riskRules(shop.clientKey)).rules).toEqual([]);

    await editor.fill(
      JSON.stringify({ rules: [{ name: 'no big euro tickets', match: { currencies: ['EUR'], minAmount: 50001 }, action: 'block' }] }),
    );
    await section.getByRole('button', { name: 'Save risk rules' }).click();
    await poll(() => section.getByRole('status').textContent()).toContain('Risk rules saved (1).');
    expect(await section.getByLabel('Risk rules summary').textContent()).toContain(
      'no big euro tickets: amount ≥ 50001 (minor units), EUR → block',
    );
  });
});
