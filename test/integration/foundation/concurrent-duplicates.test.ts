/**
 * N concurrent duplicates of a money-moving request have one effect, for every S2S CARD action that moves money
 * (SALE and the others are covered beside their actions: s2s-card/sale, follow-ups, s2s-apm, checkout, hosted-fields).
 * Each duplicate gets the one answer or a 409 to retry; afterwards, the same body again gets the same answer.
 * (An identical partial refund sent after the first one finished is a second refund, as the protocol allows: the
 * sandbox acquirer's latency keeps these duplicates inside the first one's run.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { card2cardFields, credit2cardFields, recurringFields, saleFields, transIdFields } from '../../support/s2s.js';

// The acquirer takes a moment, as a real one does: the duplicates overlap the first request however busy the machine.
const platform = usePlatform({ SANDBOX_LATENCY_MS: '400' });
let merchant: Merchant;
const N = 5;

beforeAll(async () => {
  merchant = await testMerchant();
});

type Fields = Record<string, FormValue | undefined>;
const post = (fields: Fields) => postForm(`${platform.url}/post`, fields);

async function duplicates(fields: Fields) {
  const results = await Promise.all(Array.from({ length: N }, () => post(fields)));
  expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
  const ok = results.filter((r) => r.status === 200);
  expect(ok.length).toBeGreaterThanOrEqual(1);
  return ok.map((r) => r.body);
}

async function recurringPair() {
  const init = await post(saleFields(merchant, { recurring_init: 'Y' }));
  return { transId: init.body.trans_id as string, token: init.body.recurring_token as string };
}

describe(`${N} concurrent identical payment-creating requests make one payment`, () => {
  const creators: Array<[string, () => Promise<Fields>]> = [
    ['DEBIT', async () => saleFields(merchant, { action: 'DEBIT' })],
    ['CARD2CARD', async () => card2cardFields(merchant)],
    ['CREDIT2CARD', async () => credit2cardFields(merchant)],
    ['RECURRING_SALE', async () => recurringFields(merchant, await recurringPair())],
    ['RECURRING_DEBIT', async () => recurringFields(merchant, await recurringPair(), {}, { action: 'RECURRING_DEBIT' })],
  ];
  it.each(creators)('%s', async (_action, build) => {
    const fields = await build();
    const answers = await duplicates(fields);
    expect(new Set(answers.map((a) => a.trans_id)).size).toBe(1);
    expect(await deps().payments.findByOrder(merchant.clientKey, fields.order_id as string, 10)).toHaveLength(1);
    expect((await post(fields)).body.trans_id).toBe(answers[0].trans_id);
  });
});

describe(`${N} concurrent identical follow-ups have one effect`, () => {
  it('VOID voids once and records one VOID attempt', async () => {
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    await duplicates(transIdFields(merchant, 'VOID', transId));
    const p = await deps().payments.get(transId);
    expect(p?.status).toBe('VOID');
    expect(p?.history.filter((h) => h.type === 'VOID')).toHaveLength(1);
  });

  it('a partial CREDITVOID refunds once per concurrent burst', async () => {
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    await duplicates(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '2.00' } }));
    const p = await deps().payments.get(transId);
    expect(p?.refundedAmount).toBe(200);
    expect(p?.history.filter((h) => h.type === 'REFUND')).toHaveLength(1);
  });
});
