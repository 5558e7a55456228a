/**
 * Money-safety rules found by review: a RETRY whose acquirer answer is unknown blocks further retries (it may have
 * charged the payer); a late refund answer never moves a charged-back payment; a chargeback counts refunds in flight.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { AcquirerTimeoutError, sandboxConnector } from '../../../shared/adapters/connectors/sandbox.js';
import { injectConnector } from '../../support/connectors.js';
import { recordChargeback } from '../../../shared/operations/chargebacks/chargeback.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { recurringFields, saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform({ RECONCILE_GRACE_SECONDS: '0' });
let merchant: Merchant;
const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);

beforeAll(async () => {
  merchant = await testMerchant();
});

/** Injects a sandbox acquirer that times out on the next call of `method`, then behaves again. */
function timeOutOnce(method: 'pay' | 'refund') {
  let timedOut = false;
  const once = async <T>(call: () => Promise<T>): Promise<T> => {
    if (timedOut) return call();
    timedOut = true;
    throw new AcquirerTimeoutError('sandbox acquirer timed out');
  };
  injectConnector(
    method === 'pay'
      ? { ...sandboxConnector, pay: (req) => once(() => sandboxConnector.pay(req)) }
      : { ...sandboxConnector, refund: (req) => once(() => sandboxConnector.refund(req)) },
  );
}

describe('retry safety', () => {
  it('refuses a second RETRY while the first one has no answer from the acquirer', async () => {
    const init = (await post(saleFields(merchant, { recurring_init: 'Y' }))).body;
    const rec = (await post(recurringFields(merchant, { transId: init.trans_id, token: init.recurring_token }))).body;
    // A soft decline, as the acquirer would report it.
    const d = deps();
    const p = (await d.payments.get(rec.trans_id))!;
    await d.payments.update(
      {
        ...p,
        status: 'DECLINED',
        capturedAmount: 0,
        version: p.version + 1,
        history: p.history.map((h) => ({ ...h, status: 'fail' as const })),
      },
      [],
    );

    timeOutOnce('pay');
    const first = await post(transIdFields(merchant, 'RETRY', rec.trans_id));
    expect(first.body).toMatchObject({ action: 'RETRY', result: 'ACCEPTED' });
    const second = await post(transIdFields(merchant, 'RETRY', rec.trans_id));
    expect(second.body).toMatchObject({ result: 'ERROR', error_message: 'Retry is not allowed.' });
    const after = (await d.payments.get(rec.trans_id))!;
    expect(after.history.filter((h) => h.type === 'RECURRING_SALE' && h.status === 'waiting')).toHaveLength(1);
  });
});

describe('chargebacks and refunds in flight', () => {
  it('counts a refund still waiting against the chargeback limit, and a late refund answer keeps CHARGEBACK', async () => {
    const sale = (await post(saleFields(merchant))).body;
    timeOutOnce('refund');
    const refund = await post(transIdFields(merchant, 'CREDITVOID', sale.trans_id, { extra: { amount: '4.00' } }));
    expect(refund.body.result).toBe('ACCEPTED');

    // 10.00 settled, 4.00 possibly refunded already: at most 6.00 can be charged back.
    await expect(recordChargeback(deps(), { transId: sale.trans_id, amount: '7.00', reasonCode: '4837' })).rejects.toThrow(/exceeds/);
    await recordChargeback(deps(), { transId: sale.trans_id, amount: '6.00', reasonCode: '4837' });

    await platform.runScheduled('Reconciler');
    const after = (await deps().payments.get(sale.trans_id))!;
    expect(after.status).toBe('CHARGEBACK');
    expect(after.refundedAmount).toBe(400);
    expect(after.history.find((h) => h.type === 'REFUND')?.status).toBe('success');
  });
});
