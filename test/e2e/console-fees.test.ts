/**
 * The Fees page in real Chromium (playwright-core): an operator's invalid fee schedule shows the CLI's problems next
 * to the editor and saves nothing; a valid one is saved and listed, and the merchant's next SALE is charged by it (its
 * journal's fee, and the balance on the Books page). The merchant's admin reads the same schedule with no editor.
 * Screenshot: docs/console/fees.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { feeSchedules, ledger } from '../../shared/entry/composition/ledger.js';
import { eventually, postForm, testMerchant, usePlatform } from '../support/platform.js';
import { saleFields } from '../support/s2s.js';
import { signInInBrowser } from './console-browser.js';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const platform = usePlatform();
let shop: Merchant;
let browser: Browser;

beforeAll(async () => {
  mkdirSync('docs/console', { recursive: true });
  shop = await testMerchant();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const usd = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')} USD`;

it("an operator edits a merchant's fee schedule, the next SALE pays it, and the merchant's admin reads it", async () => {
  const ops = await signInInBrowser(browser, platform.url, `fees-ops-${randomUUID().slice(0, 8)}@ops.example`, 'operator');
  await ops.getByRole('combobox', { name: 'Merchant' }).selectOption(shop.clientKey);
  await ops.getByRole('link', { name: 'Fees' }).click();
  const section = ops.getByRole('region', { name: 'Merchant fee schedule' });
  await poll(() => section.textContent()).toContain("No schedule of its own: the platform's default decides every fee.");
  const editor = section.getByLabel(/Fee schedule \(JSON/);

  await editor.fill(JSON.stringify({ rules: [{ action: 'sale', percent: '2,9' }, { fixed: '0.30' }] }));
  await section.getByRole('button', { name: 'Save fee schedule' }).click();
  const alert = section.getByRole('alert', { name: 'Merchant fee schedule problems' });
  await poll(() => alert.locator('li').count()).toBe(3);
  expect(await alert.textContent()).toContain('Rule 2.fixed: a fixed amount needs the rule\'s "currency"');
  expect(await alert.textContent()).toContain('Rule 1.action: must be one of capture, refund, void, payout, chargeback.');
  expect(await feeSchedules().get(shop.clientKey)).toBeUndefined();

  const schedule = { rules: [{ action: 'capture', currency: 'USD', percent: '2.9', fixed: '0.30' }], reserve: { percent: '10', days: 30 } };
  await editor.fill(JSON.stringify(schedule, null, 2));
  await section.getByRole('button', { name: 'Save fee schedule' }).click();
  await poll(() => section.getByRole('status').textContent()).toContain('Fee schedule saved (1 rule).');
  expect(await section.getByRole('alert').count()).toBe(0);
  const rules = section.getByRole('table', { name: 'Merchant fee schedule rules' });
  await poll(() => rules.innerText()).toContain('2.9 %');
  expect(await rules.innerText()).toContain('0.30 USD');
  expect(await section.textContent()).toContain("Rolling reserve: 10 % of each day's captures, released 30 days later.");
  expect(await feeSchedules().get(shop.clientKey)).toMatchObject({
    rules: [{ percent: '2.9', fixedMinor: 30 }],
    reserve: schedule.reserve,
  });
  await ops.screenshot({ path: 'docs/console/fees.png', fullPage: true });

  // Applied: the merchant's next SALE is charged by it, and the Books page shows the balance after the fee.
  const sale = (await postForm(`${platform.url}/post`, saleFields(shop) as never)).body;
  expect(sale.status).toBe('SETTLED');
  const journal = await eventually(async () => (await ledger().journalsOf(sale.trans_id))[0]);
  expect(journal.fee).toBe(Math.round((journal.amount * 29) / 1000) + 30);
  await ops.getByRole('link', { name: 'Books' }).click();
  await poll(() => ops.getByRole('table', { name: 'Balances' }).innerText()).toContain(usd(journal.amount - journal.fee));

  const admin = await signInInBrowser(
    browser,
    platform.url,
    `fees-${randomUUID().slice(0, 8)}@shop.example`,
    'merchant-admin',
    shop.clientKey,
  );
  await admin.getByRole('link', { name: 'Fees' }).click();
  const own = admin.getByRole('region', { name: 'Merchant fee schedule' });
  await poll(() => own.getByRole('table', { name: 'Merchant fee schedule rules' }).innerText()).toContain('0.30 USD');
  expect(await own.getByRole('textbox').count()).toBe(0);
  expect(await admin.getByRole('region', { name: 'Default fee schedule' }).count()).toBe(0);
}, 120_000);
