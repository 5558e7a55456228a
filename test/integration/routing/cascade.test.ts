/**
 * Cascading (docs/routing.md): a soft decline (sandbox 04/2038, "Issuer unavailable.") is retried on the rule's next
 * MID within the same request; the merchant sees one payment, one answer and one callback, with the final MID. A hard
 * decline, an undetermined outcome and a started 3DS never cascade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { injectConnector, restoreConnectors } from '../../support/connectors.js';
import { sandboxConnector } from '../../../shared/adapters/connectors/sandbox.js';
import type { Connector } from '../../../shared/ports/connector.js';

const platform = usePlatform();
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;
let merchant: Merchant;
let first: Mid;
let second: Mid;

beforeAll(async () => {
  shop = await startMerchantServer();
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ name: 'first' }, { name: 'second' }] });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  first = mids.find((m) => m.name === 'first')!;
  second = mids.find((m) => m.name === 'second')!;
  await setRouting(deps(), merchant.clientKey, {
    maxAttempts: 2,
    rules: [
      {
        match: {},
        mids: [
          { midId: first.midId, weight: 100 },
          { midId: second.midId, weight: 0 },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await shop?.close();
});

const stored = async (transId: string) => (await deps().payments.get(transId))!;
const sale = (month: string) => post(saleFields(merchant, { card_exp_month: month }));

describe('a soft decline cascades to the next MID', () => {
  it('04/2038: declined "Issuer unavailable." on the first MID, approved on the second; one answer, one callback', async () => {
    const res = await sale('04');
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(second.midId);
    expect(p.details.midName).toBe('second');
    expect(p.details.routingAttempts).toEqual([
      { midId: first.midId, answer: 'declined: Issuer unavailable.' },
      { midId: second.midId, answer: 'approved' },
    ]);
    expect(p.history).toHaveLength(1);
    // One callback recorded for the payment, and it is the approval.
    expect(p.callbackCount).toBe(1);
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    // Follow-ups go to the MID that approved it.
    const refund = await post(transIdFields(merchant, 'CREDITVOID', res.body.trans_id, { extra: { amount: '10.00' } }));
    expect(refund.body).toMatchObject({ result: 'ACCEPTED' });
    expect((await stored(res.body.trans_id)).midId).toBe(second.midId);
  });

  it('a repeated request (same order, same idempotency) does not cascade again: it gets the same payment', async () => {
    const fields = saleFields(merchant, { card_exp_month: '04' });
    const a = await post(fields);
    const b = await post(fields);
    expect(b.body.trans_id).toBe(a.body.trans_id);
    expect((await stored(a.body.trans_id)).details.routingAttempts).toHaveLength(2);
  });

  it('with maxAttempts 1 the soft decline is the answer', async () => {
    const other = await testMerchant({ mids: [{ name: 'a' }, { name: 'b' }] });
    const { mids } = (await deps().merchants.get(other.clientKey))!;
    await setRouting(
      deps(),
      other.clientKey,
      { rules: [{ match: {}, mids: mids.map((m, i) => ({ midId: m.midId, weight: i === 0 ? 100 : 0 })) }] },
      { maxAttempts: 1 },
    );
    const res = await post(saleFields(other, { card_exp_month: '04' }));
    expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Issuer unavailable.' });
    expect((await stored(res.body.trans_id)).midId).toBe(mids[0]!.midId);
  });
});

describe('no cascade', () => {
  it('after a hard decline (02/2038)', async () => {
    const res = await sale('02');
    expect(res.body).toMatchObject({ result: 'DECLINED' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(first.midId);
    expect(p.details.routingAttempts).toBeUndefined();
  });

  it('after an undetermined outcome (10/2038: the first acquirer never answered)', async () => {
    const res = await sale('10');
    expect(res.body).toMatchObject({ result: 'UNDEFINED' });
    const p = await stored(res.body.trans_id);
    expect(p).toMatchObject({ status: 'PREPARE', midId: first.midId });
    expect(p.details.routingAttempts).toBeUndefined();
  });

  it('once 3DS has started (05/2038)', async () => {
    const res = await sale('05');
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(first.midId);
    expect(p.details.routingAttempts).toBeUndefined();
  });

  it('after "Do not try again." (it contains "try again", a soft decline of the list): the next MID is never asked', async () => {
    const asked: string[] = [];
    // The sandbox, but its 07/2038 answer is a scheme's do-not-retry decline.
    const doNotRetry: Connector = {
      ...sandboxConnector,
      pay: async (req) => {
        asked.push(req.mid.midId);
        return req.card?.expMonth === '07' ? { kind: 'declined', reason: 'Do not try again.' } : sandboxConnector.pay(req);
      },
    };
    injectConnector(doNotRetry);
    try {
      const res = await sale('07');
      expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Do not try again.' });
      expect(asked).toEqual([first.midId]);
      expect((await stored(res.body.trans_id)).details.routingAttempts).toBeUndefined();
    } finally {
      restoreConnectors();
    }
  });

  it('a list entry of punctuation only, stored before entries were checked, makes no decline soft', async () => {
    const other = await testMerchant({ mids: [{ name: 'a' }, { name: 'b' }] });
    const { mids } = (await deps().merchants.get(other.clientKey))!;
    // Written as an old table would be: routing set now refuses such an entry.
    await deps().merchants.putRouting(other.clientKey, {
      version: 1,
      maxAttempts: 2,
      softDeclines: ['.'],
      rules: [
        {
          match: {},
          mids: [
            { midId: mids[0]!.midId, weight: 100 },
            { midId: mids[1]!.midId, weight: 0 },
          ],
        },
      ],
    });
    const res = await post(saleFields(other, { card_exp_month: '02' }));
    expect(res.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Declined by processing.' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(mids[0]!.midId);
    expect(p.details.routingAttempts).toBeUndefined();
  });
});
