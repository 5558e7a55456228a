/**
 * Routing rules and cascading for hosted-fields payments (docs/routing.md): a rule limited to the hosted-fields
 * integration picks its MID, and a soft decline (04/38) cascades to the rule's next MID with one callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { createToken, pay, submitCard } from '../hosted-fields/support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;
let mid: Record<'s2s' | 'hf' | 'hfBackup', Mid>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ name: 's2s' }, { name: 'hf' }, { name: 'hfBackup' }] });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  mid = Object.fromEntries(mids.map((m) => [m.name, m])) as typeof mid;
  await setRouting(deps(), merchant.clientKey, {
    rules: [
      {
        match: { integrations: ['hosted-fields'] },
        mids: [
          { midId: mid.hf.midId, weight: 100 },
          { midId: mid.hfBackup.midId, weight: 0 },
        ],
      },
      { match: {}, mids: [{ midId: mid.s2s.midId, weight: 100 }] },
    ],
  });
});
afterAll(async () => {
  await shop?.close();
});

async function payWith(expiry: string) {
  const s = await createToken(platform.url, merchant);
  expect((await submitCard(platform.url, s.token, expiry)).body).toEqual({ result: 'success', message: '' });
  return { ...(await pay(platform.url, s.token)), order: s.order };
}

describe('hosted fields', () => {
  it('a rule for the hosted-fields integration picks its MID; an S2S SALE of the same merchant does not match it', async () => {
    const res = await payWith('01/38');
    expect(res.body).toMatchObject({ result: 'success' });
    expect((await deps().payments.get(res.body.public_id))!.midId).toBe(mid.hf.midId);
    const s2s = await postForm(`${platform.url}/post`, saleFields(merchant) as never);
    expect((await deps().payments.get(s2s.body.trans_id))!.midId).toBe(mid.s2s.midId);
  });

  it('04/38 is declined softly on the first MID and approved on the next; one callback, with success', async () => {
    const res = await payWith('04/38');
    expect(res.body).toMatchObject({ result: 'success' });
    const p = (await deps().payments.get(res.body.public_id))!;
    expect(p).toMatchObject({ status: 'SETTLED', midId: mid.hfBackup.midId, callbackCount: 1 });
    expect(p.details.routingAttempts?.map((a) => a.midId)).toEqual([mid.hf.midId, mid.hfBackup.midId]);
    const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === res.order.number));
    expect(cb.fields).toMatchObject({ status: 'success', order_status: 'settled' });
  });
});
