/**
 * Limits per MID through S2S CARD SALE (docs/risk.md "Limits per MID"): set with `mids update`, a payment under the
 * minimum or over the maximum goes to the rule's next MID that takes it and is declined where none does; the daily cap
 * is exact under concurrent payments, gives a declined payment's amount back, and starts again with the next day on
 * the merchant's test clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMidsCommand } from '../../../scripts/admin/mids.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';

const platform = usePlatform();
let sandbox: ReturnType<typeof recordingSandbox>;

beforeAll(async () => {
  sandbox = recordingSandbox();
});
afterAll(async () => {
  restoreConnectors();
});

const pay = (m: Merchant, overrides: Record<string, string> = {}) => postForm(`${platform.url}/post`, saleFields(m, overrides));
const update = (m: Merchant, mid: Mid, ...argv: string[]) => runMidsCommand('update', [m.clientKey, mid.midId, ...argv]) as Promise<any>;

/** A merchant with two MIDs, A then B, in one routing rule (B a back-up of weight 0). */
async function twoMids() {
  const m = await testMerchant({ mids: [{ name: 'A' }, { name: 'B' }] });
  const { mids } = (await deps().merchants.get(m.clientKey))!;
  const a = mids.find((x) => x.name === 'A')!;
  const b = mids.find((x) => x.name === 'B')!;
  await setRouting(deps(), m.clientKey, {
    rules: [
      {
        match: {},
        mids: [
          { midId: a.midId, weight: 100 },
          { midId: b.midId, weight: 0 },
        ],
      },
    ],
  });
  return { m, a, b };
}

const servedBy = async (transId: string) => (await deps().payments.get(transId))?.midId;

async function expectDeclined(m: Merchant, overrides: Record<string, string>, reason: string) {
  const calls = sandbox.pay.mock.calls.length;
  const res = await pay(m, overrides);
  expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
  expect(sandbox.pay.mock.calls.length).toBe(calls);
  expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
    control: 'mid-limit',
    reason: expect.stringContaining(reason),
  });
}

describe('mids update', () => {
  it('stores the limits and names every problem', async () => {
    const { m, a } = await twoMids();
    expect(await update(m, a, '--min-amount', '1.00', '--max-amount', '5000.00', '--daily-cap', '100000.00')).toMatchObject({
      midId: a.midId,
      limits: { minAmount: '1.00', maxAmount: '5000.00', dailyCap: '100000.00' },
    });
    const err = await update(m, a, '--min-amount', '10,00', '--max-amount', '0.50', '--daily-cap', '0').catch((e: Error) => e.message);
    expect(err).toContain("--min-amount: an amount in the payment's currency");
    expect(err).toContain('--daily-cap 0 would refuse every payment');
    expect(await update(m, a, '--min-amount', '6000', '--max-amount', '5000.00').catch((e: Error) => e.message)).toContain(
      '--min-amount 6000 is above --max-amount 5000.00',
    );
    expect(await update(m, a, '--daily-cap', 'none')).toMatchObject({ limits: { minAmount: '1.00', maxAmount: '5000.00' } });
    expect((await deps().merchants.get(m.clientKey))!.mids.find((x) => x.midId === a.midId)!.limits).toEqual({
      minAmount: '1.00',
      maxAmount: '5000.00',
    });
  });
});

describe('amount limits', () => {
  it("routes a payment over the first MID's maximum to the rule's next MID, and declines where none takes it", async () => {
    const { m, a, b } = await twoMids();
    await update(m, a, '--max-amount', '100.00');
    await update(m, b, '--max-amount', '1000.00');
    expect(await servedBy((await pay(m, { order_amount: '100.00' })).body.trans_id)).toBe(a.midId);
    const moved = await pay(m, { order_amount: '100.01' });
    expect(moved.body).toMatchObject({ result: 'SUCCESS' });
    expect(await servedBy(moved.body.trans_id)).toBe(b.midId);
    await expectDeclined(m, { order_amount: '1000.01' }, `MID ${b.midId}: 1000.01 USD above the maximum 1000.00 USD`);
  });

  it('declines a payment under the minimum of every MID', async () => {
    const { m, a, b } = await twoMids();
    await update(m, a, '--min-amount', '5.00');
    await update(m, b, '--min-amount', '2.00');
    expect(await servedBy((await pay(m, { order_amount: '3.00' })).body.trans_id)).toBe(b.midId);
    await expectDeclined(m, { order_amount: '1.99' }, `MID ${a.midId}: 1.99 USD below the minimum 5.00 USD`);
  });

  it("reads a limit in the payment's currency (JPY has no minor unit)", async () => {
    const { m, a, b } = await twoMids();
    await update(m, a, '--max-amount', '100');
    await update(m, b, '--max-amount', '100');
    expect((await pay(m, { order_amount: '100.00', order_currency: 'JPY' })).body).toMatchObject({ result: 'SUCCESS' });
    await expectDeclined(m, { order_amount: '101.00', order_currency: 'JPY' }, '101.00 JPY above the maximum 100.00 JPY');
  });
});

describe('daily cap', () => {
  const advance = (m: Merchant, by: string) => runClockCommand(['advance', '--by', by, '--merchant', m.clientKey], { progress: silent });

  it('is exact under concurrent payments, moves the rest to the next MID, gives back a decline, starts again the next day', async () => {
    const { m, a, b } = await twoMids();
    await update(m, a, '--daily-cap', '50.00');
    await update(m, b, '--daily-cap', '30.00');
    // Ten payments of 10.00 at once: exactly 5 fit A's cap, 3 more B's, the last 2 are declined.
    const results = await Promise.all(Array.from({ length: 10 }, () => pay(m, { order_amount: '10.00' })));
    const served = await Promise.all(results.filter((r) => r.body.result === 'SUCCESS').map((r) => servedBy(r.body.trans_id)));
    expect(served.filter((x) => x === a.midId)).toHaveLength(5);
    expect(served.filter((x) => x === b.midId)).toHaveLength(3);
    expect(results.filter((r) => r.body.decline_reason === 'Declined by risk rules.')).toHaveLength(2);
    // Another currency has its own volume.
    expect((await pay(m, { order_amount: '10.00', order_currency: 'EUR' })).body).toMatchObject({ result: 'SUCCESS' });
    await expectDeclined(m, { order_amount: '10.00' }, `MID ${a.midId}: daily cap 50.00 USD reached`);

    // The next day (by the merchant's test clock) the volume starts again.
    await advance(m, '24h');
    // An acquirer's decline (expiry 02/2038) takes no volume.
    expect((await pay(m, { order_amount: '50.00', card_exp_month: '02' })).body).toMatchObject({ result: 'DECLINED' });
    const full = await pay(m, { order_amount: '50.00' });
    expect(full.body).toMatchObject({ result: 'SUCCESS' });
    expect(await servedBy(full.body.trans_id)).toBe(a.midId);
  });
});
