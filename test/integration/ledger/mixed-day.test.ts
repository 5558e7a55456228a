/**
 * A day of mixed traffic on the local platform (docs/ledger.md, issue 38's "done means"): a merchant with a fee
 * schedule and a rolling reserve takes S2S CARD sales, a Checkout payment, an APM sale, refunds, a chargeback and its
 * reversal, and a payout; `settlements run` closes a batch whose net payable is the gross less refunds, chargebacks
 * (plus the one reversed), payouts, fees and the reserve held; `ledger verify` passes; the merchant reads its balance
 * and downloads the CSV with its own signed request.
 */
import { beforeAll, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Journal } from '../../../shared/domain/ledger/journal.js';
import type { MerchantDay } from '../../../shared/operations/ledger/settle.js';
import type { VerifyReport } from '../../../shared/operations/ledger/verify.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { runChargebacksCommand } from '../../../scripts/admin/chargebacks.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { runFeesCommand } from '../../../scripts/admin/fees.js';
import { runLedgerCommand } from '../../../scripts/admin/ledger.js';
import { runSettlementsCommand } from '../../../scripts/admin/settlements.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { credit2cardFields, saleFields, transIdFields } from '../../support/s2s.js';
import { card, createSession, postPage, storedSession } from '../checkout/support.js';
import { apmSale } from '../s2s-apm/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
  const dir = await mkdtemp(join(tmpdir(), 'mixed-'));
  const schedule = {
    rules: [
      { action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
      { action: 'capture', currency: 'USD', percent: '3.4' },
      { action: 'refund', currency: 'USD', fixed: '0.15' },
      { action: 'chargeback', currency: 'USD', fixed: '15.00' },
      { action: 'payout', currency: 'USD', fixed: '0.25' },
    ],
    reserve: { percent: '10', days: 30 },
  };
  await writeFile(join(dir, 'fees.json'), JSON.stringify(schedule));
  await runFeesCommand(['set', merchant.clientKey, '--file', join(dir, 'fees.json')]);
});

const s2s = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const journals = (transId: string, count: number) =>
  eventually(async () => {
    const js = await ledger().journalsOf(transId);
    return js.length >= count ? js : undefined;
  });
const signed = (pathAndQuery: string) => {
  const [path, query = ''] = pathAndQuery.split('?');
  return fetch(platform.url + pathAndQuery, {
    headers: signRequest(merchant.clientKey, merchant.password, { method: 'GET', path: path!, query, body: '' }),
  });
};
const sum = (js: Journal[], kind: Journal['kind']) => js.filter((j) => j.kind === kind).reduce((s, j) => s + j.amount, 0);

it('a day of mixed traffic settles to gross − refunds − chargebacks + reversed − payouts − fees − reserve, and verifies', async () => {
  const day: Journal[] = [];
  // S2S CARD: a sale partly refunded.
  const sale = (await s2s(saleFields(merchant))).body;
  expect(sale.status).toBe('SETTLED');
  expect((await s2s(transIdFields(merchant, 'CREDITVOID', sale.trans_id, { extra: { amount: '3.00' } }))).body.result).toBe('ACCEPTED');
  day.push(...(await journals(sale.trans_id, 2)));

  // Checkout.
  const { url } = await createSession(platform.url, merchant);
  await postPage(`${url}/pay`, card('01/38'));
  const paymentId = (await storedSession(url)).session.paymentId as string;
  day.push(...(await journals(paymentId, 1)));

  // S2S APM (brand vcard).
  const apm = (await postForm(`${platform.url}/post-va`, apmSale(merchant) as never)).body;
  expect(apm.status).toBe('SETTLED');
  day.push(...(await journals(apm.trans_id, 1)));

  // A sale charged back, and the chargeback reversed (the dispute won); a second reversal changes nothing.
  const disputed = (await s2s(saleFields(merchant))).body;
  await journals(disputed.trans_id, 1);
  expect(await runChargebacksCommand(['create', disputed.trans_id, '--amount', '10.00', '--reason-code', '4837'])).toMatchObject({
    status: 'CHARGEBACK',
  });
  await journals(disputed.trans_id, 2);
  expect(await runChargebacksCommand(['reverse', disputed.trans_id])).toMatchObject({
    status: 'CHARGEBACK',
    reversed_amount: '10.00',
    duplicate: false,
  });
  expect(await runChargebacksCommand(['reverse', disputed.trans_id])).toMatchObject({ duplicate: true });
  await expect(runChargebacksCommand(['reverse', sale.trans_id])).rejects.toThrow(
    '100000 Chargeback reversal is not allowed: the payment has no chargeback.',
  );
  const dispute = await journals(disputed.trans_id, 3);
  expect(dispute.find((j) => j.kind === 'chargeback_reversal')).toMatchObject({
    amount: 1000,
    fee: 0,
    event: 'CHARGEBACK_REVERSAL',
    lines: [
      { account: `chargebacks:${dispute[0]!.midId}:USD`, side: 'debit', amount: 1000 },
      { account: `merchant_payable:${merchant.clientKey}:USD`, side: 'credit', amount: 1000 },
    ],
  });
  day.push(...dispute);

  // A payout the merchant funds.
  const payout = (await s2s(credit2cardFields(merchant))).body;
  expect(payout.status).toBe('SETTLED');
  day.push(...(await journals(payout.trans_id, 1)));

  expect(day.map((j) => j.kind).sort()).toEqual([
    'capture',
    'capture',
    'capture',
    'capture',
    'chargeback',
    'chargeback_reversal',
    'payout',
    'refund',
  ]);
  const date = day[0]!.journaledAt!.slice(0, 10);
  for (const j of day) expect(j.journaledAt!.slice(0, 10)).toBe(date);

  await runClockCommand(['advance', '--by', '1d', '--merchant', merchant.clientKey], { progress: silent });
  const [run] = (await runSettlementsCommand(['run', '--merchant', merchant.clientKey])) as MerchantDay[];
  expect(run!.date).toBe(date);
  const batch = run!.closed[0]!;
  const gross = sum(day, 'capture');
  const fees = day.reduce((s, j) => s + j.fee, 0);
  expect(batch).toMatchObject({
    gross,
    refunds: 300,
    chargebacks: 1000,
    chargebacksReversed: 1000,
    payouts: sum(day, 'payout'),
    fees,
    journals: day.length,
    reserveHeld: Math.round(gross / 10),
    reserveReleased: 0,
  });
  expect(batch.net).toBe(gross - 300 - 1000 + 1000 - sum(day, 'payout') - fees);
  expect(batch.netPayable).toBe(batch.net - Math.round(gross / 10));

  const report = (await runLedgerCommand(['verify', '--merchant', merchant.clientKey])) as VerifyReport;
  expect(report.problems).toEqual([]);
  expect(report.balances[`merchant_payable:${merchant.clientKey}:USD`]).toBe(batch.netPayable);
  expect(report.balances[`reserve:${merchant.clientKey}:USD`]).toBe(batch.reserveHeld);

  // The merchant, with its own signed requests: its balance, its batch, and the CSV whose rows add up to the batch.
  expect(await (await signed('/api/v1/merchant/balance')).json()).toEqual({
    balances: [{ currency: 'USD', payable: batch.netPayable, reserve: batch.reserveHeld, journals: day.length }],
  });
  expect(await (await signed(`/api/v1/merchant/settlements/${batch.id}`)).json()).toMatchObject({
    chargebacks_reversed: 1000,
    net_payable: batch.netPayable,
  });
  const from = `${date}T00:00:00.000Z`;
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  const csv = await signed(`/api/v1/merchant/reports/transactions?from=${from}&to=${to}&format=csv`);
  expect(csv.status).toBe(200);
  const lines = (await csv.text()).split('\r\n').filter(Boolean);
  const head = lines[0]!.split(',');
  const rows = lines.slice(1).map((l) => Object.fromEntries(head.map((k, i) => [k, l.split(',')[i]])));
  expect(rows.map((r) => r.kind).sort()).toEqual(day.map((j) => j.kind).sort());
  expect(rows.every((r) => r.settlement_id === batch.id && r.settlement_status === 'closed')).toBe(true);
  expect(rows.reduce((s, r) => s + Number(r.net), 0)).toBe(batch.net);
  expect(rows.find((r) => r.kind === 'chargeback_reversal')).toMatchObject({ event: 'CHARGEBACK_REVERSAL', net: '1000', fee: '0' });
});
