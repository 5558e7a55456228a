/**
 * The Books page in real Chromium (playwright-core): a merchant's SALE is journaled with its fee and its day is
 * settled; the merchant's admin sees the balance and the closed batch with its totals, and downloads the transactions
 * report as CSV; an operator sees the platform-wide view. Screenshot: docs/console/books.png.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import type { Journal } from '../../shared/domain/ledger/journal.js';
import type { MerchantDay } from '../../shared/operations/ledger/settle.js';
import { ledger } from '../../shared/entry/composition/ledger.js';
import { runClockCommand } from '../../scripts/admin/clock.js';
import { runFeesCommand } from '../../scripts/admin/fees.js';
import { runSettlementsCommand } from '../../scripts/admin/settlements.js';
import { silent } from '../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../support/platform.js';
import { saleFields } from '../support/s2s.js';
import { signInInBrowser } from './console-browser.js';

const platform = usePlatform();
let shop: Merchant;
let browser: Browser;
let journal: Journal;
let batchId: string;

beforeAll(async () => {
  mkdirSync('docs/console', { recursive: true });
  shop = await testMerchant();
  browser = await launchChromium();
  const dir = await mkdtemp(join(tmpdir(), 'books-e2e-'));
  writeFileSync(join(dir, 'fees.json'), JSON.stringify({ rules: [{ action: 'capture', currency: 'USD', percent: '2.9', fixed: '0.30' }] }));
  await runFeesCommand(['set', shop.clientKey, '--file', join(dir, 'fees.json')]);
  const sale = (await postForm(`${platform.url}/post`, saleFields(shop) as never)).body;
  journal = await eventually(async () => (await ledger().journalsOf(sale.trans_id))[0]);
  await runClockCommand(['advance', '--by', '1d', '--merchant', shop.clientKey], { progress: silent });
  const [run] = (await runSettlementsCommand(['run', '--merchant', shop.clientKey])) as MerchantDay[];
  batchId = run!.closed[0]!.id;
});
afterAll(async () => {
  await browser?.close();
});

const usd = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')} USD`;

it('a merchant admin sees its settled batch and downloads the CSV; an operator sees the platform view', async () => {
  const page = await signInInBrowser(
    browser,
    platform.url,
    `books-${randomUUID().slice(0, 8)}@shop.example`,
    'merchant-admin',
    shop.clientKey,
  );
  await page.getByRole('link', { name: 'Books' }).click();
  const net = journal.amount - journal.fee;
  await expect.poll(() => page.getByRole('table', { name: 'Balances' }).innerText(), { timeout: 15_000 }).toContain(usd(net));
  const batch = page.getByRole('table', { name: 'Settlement batches' }).getByRole('row').filter({ hasText: batchId });
  await expect.poll(() => batch.innerText(), { timeout: 15_000 }).toContain(usd(journal.fee));
  expect(await batch.innerText()).toContain(usd(net));
  await page.screenshot({ path: 'docs/console/books.png', fullPage: true });

  const journaled = journal.journaledAt!.slice(0, 10);
  const form = page.getByRole('form', { name: 'Transactions report' });
  await form.getByLabel('From').fill(journaled);
  await form.getByLabel('To').fill(journaled);
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .split('\r\n')
    .filter(Boolean);
  expect(csv[0]).toMatch(/^trans_id,entry_id,event,kind,/);
  expect(csv.slice(1)).toEqual([expect.stringContaining(`${journal.transId},${journal.entryId},`)]);
  expect(csv[1]).toContain(`,${journal.amount},${journal.fee},${net},`);
  expect(csv[1]).toContain(`,${batchId},closed`);

  const ops = await signInInBrowser(browser, platform.url, `books-ops-${randomUUID().slice(0, 8)}@ops.example`, 'operator');
  await ops.getByRole('combobox', { name: 'Merchant' }).selectOption(shop.clientKey);
  await ops.getByRole('link', { name: 'Books' }).click();
  const row = ops.getByRole('table', { name: 'Payables by merchant' }).getByRole('row').filter({ hasText: shop.clientKey });
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(usd(net));
  expect(await row.innerText()).toContain(usd(journal.fee));
  await expect.poll(() => ops.getByRole('table', { name: 'Fee revenue' }).innerText(), { timeout: 15_000 }).toContain('USD');
}, 120_000);
