/**
 * The books in the console (docs/ledger.md "Reports"): on the local platform, a merchant with a fee schedule takes a
 * SALE, another merchant one too, and each merchant's day is settled. The merchant's admin reads its own balances,
 * batches and transactions CSV through the console API, and gets another merchant's answered as unknown; an operator
 * reads any merchant's, and the platform-wide view: fee revenue per currency and payables by merchant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Journal } from '../../../shared/domain/ledger/journal.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { logger } from '../../../shared/lib/logger.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { startConsoleWorld, stopConsoleWorld, type ConsoleWorld } from './world.js';
import { signInConsole } from './support.js';

let w: ConsoleWorld;
let shop: Merchant;
let other: Merchant;
const sales: Record<string, Journal> = {};
const batches: Record<string, string> = {};
/** What each merchant's batch held back in its rolling reserve. */
const held: Record<string, number> = {};

async function settledSale(m: Merchant): Promise<void> {
  const sale = (await postForm(`${w.platform.url}/post`, saleFields(m) as never)).body;
  expect(sale.status).toBe('SETTLED');
  sales[m.clientKey] = await eventually(async () => (await ledger().journalsOf(sale.trans_id))[0]);
  await runClockCommand(['advance', '--by', '1d', '--merchant', m.clientKey], { progress: silent });
  const [run] = (await runSettlementsCommand(['run', '--merchant', m.clientKey])) as MerchantDay[];
  expect(run!.closed).toHaveLength(1);
  batches[m.clientKey] = run!.closed[0]!.id;
  held[m.clientKey] = run!.closed[0]!.reserveHeld;
}

beforeAll(async () => {
  w = await startConsoleWorld({ operator: `op-${randomUUID()}@example.com`, admin: `admin-${randomUUID()}@example.com` });
  logger.setLogLevel('ERROR');
  // Merchants of their own (with a MID each), the world's users signed in for the first.
  shop = await testMerchant();
  other = await testMerchant();
  w.admin = await signInConsole(w.platform.url, `admin-${randomUUID()}@example.com`, 'merchant-admin', shop.clientKey);
  const dir = await mkdtemp(join(tmpdir(), 'books-'));
  await writeFile(
    join(dir, 'fees.json'),
    JSON.stringify({
      rules: [{ action: 'capture', currency: 'USD', percent: '2.9', fixed: '0.30' }],
      reserve: { percent: '10', days: 30 },
    }),
  );
  await runFeesCommand(['set', shop.clientKey, '--file', join(dir, 'fees.json')]);
  await settledSale(shop);
  await settledSale(other);
});
afterAll(() => stopConsoleWorld(w));

describe('the books in the console', () => {
  it("a merchant user sees its own balances and batches, not another merchant's", async () => {
    const sale = sales[shop.clientKey]!;
    expect(sale.fee).toBe(Math.round(sale.amount * 0.029) + 30);
    // The reserve held is its own figure beside the payable, which is after it.
    expect(held[shop.clientKey]).toBe(Math.round(sale.amount / 10));
    const balances = await w.admin.get('/books/balances');
    expect(balances).toMatchObject({
      status: 200,
      body: {
        clientKey: shop.clientKey,
        balances: [
          { currency: 'USD', payable: sale.amount - sale.fee - held[shop.clientKey]!, reserve: held[shop.clientKey], journals: 1 },
        ],
      },
    });
    expect((await w.admin.get(`/books/balances?client_key=${other.clientKey}`)).status).toBe(404);

    const list = await w.admin.get('/books/settlements');
    expect(list.status).toBe(200);
    expect(list.body.settlements).toEqual([
      expect.objectContaining({
        id: batches[shop.clientKey],
        gross: sale.amount,
        fees: sale.fee,
        net: sale.amount - sale.fee,
        journals: 1,
      }),
    ]);
    expect((await w.admin.get(`/books/settlements/${batches[shop.clientKey]}`)).body.settlement).toEqual(list.body.settlements[0]);
    expect(await w.admin.get(`/books/settlements/${batches[other.clientKey]}`)).toMatchObject({
      status: 404,
      body: { error_message: 'No settlement with this id.' },
    });
    expect((await w.admin.get(`/books/settlements?client_key=${other.clientKey}`)).status).toBe(404);
    expect(
      (await w.admin.get(`/books/transactions?client_key=${other.clientKey}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).status,
    ).toBe(404);
  });

  it('downloads the transactions report as CSV, each row with its fee and its batch', async () => {
    const sale = sales[shop.clientKey]!;
    const res = await fetch(`${w.platform.url}/console/api/books/transactions?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`, {
      headers: { cookie: w.admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('x-next-cursor')).toBeNull();
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'trans_id,entry_id,event,kind,currency,amount,fee,net,mid_id,occurred_at,journaled_at,settlement_id,settlement_status',
    );
    expect(lines.slice(1).filter(Boolean)).toEqual([
      [
        sale.transId,
        sale.entryId,
        sale.event,
        'capture',
        'USD',
        sale.amount,
        sale.fee,
        sale.amount - sale.fee,
        sale.midId,
        sale.at,
        sale.journaledAt,
        batches[shop.clientKey],
        'closed',
      ].join(','),
    ]);
    // Signed out: nothing.
    expect((await fetch(`${w.platform.url}/console/api/books/transactions?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`)).status).toBe(
      401,
    );
  });

  it("an operator reads any merchant's books and the platform-wide view; a merchant user cannot", async () => {
    const theirs = sales[other.clientKey]!;
    expect((await w.operator.get(`/books/balances?client_key=${other.clientKey}`)).body.balances).toEqual([
      { currency: 'USD', payable: theirs.amount - theirs.fee, reserve: 0, journals: 1 },
    ]);
    expect((await w.operator.get(`/books/settlements/${batches[other.clientKey]}`)).status).toBe(200);

    const view = await w.operator.get('/books/platform');
    expect(view.status).toBe(200);
    const row = (key: string) => view.body.merchants.find((m: { clientKey: string }) => m.clientKey === key);
    const mine = sales[shop.clientKey]!;
    expect(row(shop.clientKey)).toEqual({
      clientKey: shop.clientKey,
      name: shop.name,
      balances: [
        {
          currency: 'USD',
          payable: mine.amount - mine.fee - held[shop.clientKey]!,
          reserve: held[shop.clientKey],
          fees: mine.fee,
          journals: 1,
        },
      ],
    });
    expect(row(other.clientKey).balances).toEqual([
      { currency: 'USD', payable: theirs.amount - theirs.fee, reserve: 0, fees: theirs.fee, journals: 1 },
    ]);
    // The sums per currency are the merchants' rows summed (other tests' merchants share the table).
    const usd = view.body.currencies.find((c: { currency: string }) => c.currency === 'USD');
    const rows = view.body.merchants.flatMap((m: { balances: { currency: string; payable: number; fees: number }[] }) =>
      m.balances.filter((b) => b.currency === 'USD'),
    );
    expect(usd.feeRevenue).toBe(rows.reduce((s: number, b: { fees: number }) => s + b.fees, 0));
    expect(usd.payable).toBe(rows.reduce((s: number, b: { payable: number }) => s + b.payable, 0));
    expect(usd.reserve).toBe(rows.reduce((s: number, b: { reserve: number }) => s + b.reserve, 0));
    expect(usd.reserve).toBeGreaterThanOrEqual(held[shop.clientKey]!);
    expect(usd.feeRevenue).toBeGreaterThanOrEqual(mine.fee);

    expect((await w.admin.get('/books/platform')).status).toBe(403);
  });
});
