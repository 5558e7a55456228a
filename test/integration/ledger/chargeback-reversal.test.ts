/**
 * A chargeback reversed in parts (docs/chargebacks.md "Reversal"): `chargebacks reverse TRANS_ID --amount N` records
 * each reversal once (the same --reference again is a duplicate), never lets their sum pass the chargeback (two at
 * once included: the payment's conditional write), reverses the rest without --amount, and the ledger journals each
 * reversal on its own, so `ledger verify` passes.
 */
import { expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { runChargebacksCommand } from '../../../scripts/admin/chargebacks.js';
import { runLedgerCommand } from '../../../scripts/admin/ledger.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform();

const journals = (transId: string, count: number) =>
  eventually(async () => {
    const js = await ledger().journalsOf(transId);
    return js.length >= count ? js : undefined;
  });

/** A SALE of 10.00 charged back whole. */
async function chargedBack(m: Merchant): Promise<string> {
  const sale = (await postForm(`${platform.url}/post`, saleFields(m) as never)).body;
  expect(sale).toMatchObject({ status: 'SETTLED', amount: '10.00' });
  await journals(sale.trans_id, 1);
  expect(await runChargebacksCommand(['create', sale.trans_id, '--amount', '10.00', '--reason-code', '4837'])).toMatchObject({
    status: 'CHARGEBACK',
  });
  await journals(sale.trans_id, 2);
  return sale.trans_id as string;
}

it('reverses a chargeback in parts, each once, never above it, each journaled, and verifies', async () => {
  const merchant = await testMerchant();
  const transId = await chargedBack(merchant);
  const reverse = (...args: string[]) => runChargebacksCommand(['reverse', transId, ...args]);

  expect(await reverse('--amount', '3.00', '--reference', 'ACQ-1')).toMatchObject({
    status: 'CHARGEBACK',
    reversed_amount: '3.00',
    reference: 'ACQ-1',
    total_reversed: '3.00',
    chargeback_amount: '10.00',
    duplicate: false,
  });
  // The acquirer's report read twice: one reversal.
  expect(await reverse('--amount', '3.00', '--reference', 'ACQ-1')).toMatchObject({ total_reversed: '3.00', duplicate: true });
  await expect(reverse('--amount', '8.00')).rejects.toThrow(
    'amount: The reversals would exceed the chargeback: 7.00 USD is left to reverse.',
  );
  await expect(reverse('--amount', '0.00')).rejects.toThrow('amount: This value should be greater than 0.');
  // Without --amount: the rest.
  expect(await reverse()).toMatchObject({ reversed_amount: '7.00', total_reversed: '10.00', duplicate: false });
  expect(await reverse()).toMatchObject({ total_reversed: '10.00', duplicate: true });
  await expect(reverse('--amount', '0.01')).rejects.toThrow('0.00 USD is left to reverse.');

  const js = await journals(transId, 4);
  const reversals = js.filter((j) => j.kind === 'chargeback_reversal');
  expect(reversals.map((j) => j.amount).sort((a, b) => a - b)).toEqual([300, 700]);
  expect(new Set(reversals.map((j) => j.entryId)).size).toBe(2);
  for (const j of reversals)
    expect(j.lines).toEqual(
      expect.arrayContaining([
        { account: `chargebacks:${j.midId}:USD`, side: 'debit', amount: j.amount },
        { account: `merchant_payable:${merchant.clientKey}:USD`, side: 'credit', amount: j.amount },
      ]),
    );

  const report = (await runLedgerCommand(['verify', '--merchant', merchant.clientKey])) as VerifyReport;
  expect(report.problems).toEqual([]);
  // The capture came back whole: the payable is the sale's amount again (no fees here), the MID's chargebacks 0.
  expect(report.balances[`merchant_payable:${merchant.clientKey}:USD`]).toBe(1000);
});

it('two reversals at once never reverse more than the chargeback', async () => {
  const merchant = await testMerchant();
  const transId = await chargedBack(merchant);
  const both = await Promise.allSettled([
    runChargebacksCommand(['reverse', transId, '--amount', '6.00']),
    runChargebacksCommand(['reverse', transId, '--amount', '6.00']),
  ]);
  expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain('4.00 USD is left to reverse.');
  const js = await journals(transId, 3);
  expect(js.filter((j) => j.kind === 'chargeback_reversal').map((j) => j.amount)).toEqual([600]);
  expect(((await runLedgerCommand(['verify', '--merchant', merchant.clientKey])) as VerifyReport).problems).toEqual([]);
});
