/**
 * Routing rules and cascading for Checkout-page card payments (docs/routing.md): a rule for the checkout integration,
 * a currency and a brand picks its MID, and a soft decline (04/38, "Issuer unavailable.") cascades to the rule's next
 * MID: the merchant sees one payment, one answer and one callback, with the final MID. The page is driven over HTTP
 * like test/integration/checkout/page.test.ts; a hosted-fields payment of the same merchant matches its own rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, postPage, returnHash, returnQuery } from '../checkout/support.js';
import { createToken, pay, submitCard } from '../hosted-fields/support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;
let mid: Record<'eurVisa' | 'eurBackup' | 'hf' | 'other', Mid>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({
    notificationUrl: shop.url,
    mids: [{ name: 'other' }, { name: 'eurVisa' }, { name: 'eurBackup' }, { name: 'hf' }],
  });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  mid = Object.fromEntries(mids.map((m) => [m.name, m])) as typeof mid;
  // The operation behind `npm run admin -- routing set` (scripts/admin/routing.ts).
  await setRouting(deps(), merchant.clientKey, {
    maxAttempts: 2,
    rules: [
      {
        name: 'checkout euro visa',
        match: { integrations: ['checkout'], currencies: ['EUR'], brands: ['visa'] },
        mids: [
          { midId: mid.eurVisa.midId, weight: 100 },
          { midId: mid.eurBackup.midId, weight: 0 },
        ],
      },
      { name: 'hosted fields', match: { integrations: ['hosted-fields'] }, mids: [{ midId: mid.hf.midId, weight: 100 }] },
      { name: 'everything else', match: {}, mids: [{ midId: mid.other.midId, weight: 100 }] },
    ],
  });
});
afterAll(async () => {
  await shop?.close();
});

const stored = async (transId: string) => (await deps().payments.get(transId))!;

async function payOnPage(expiry: string, currency: string, cardFields: Record<string, string> = {}) {
  const { url, order } = await createSession(platform.url, merchant, { order: { amount: '25.00', currency } });
  const res = await postPage(`${url}/pay`, card(expiry, cardFields));
  expect(res.status).toBe(200);
  return { html: res.html, order, q: returnQuery(res.html) };
}

describe('Checkout page', () => {
  it('a EUR visa card payment goes to the rule’s MID; a EUR mastercard or a USD visa to the catch-all rule', async () => {
    const eur = await payOnPage('01/38', 'EUR');
    expect(eur.html).toContain('Payment successful');
    const p = await stored(eur.q.payment_id!);
    expect(p).toMatchObject({ status: 'SETTLED', midId: mid.eurVisa.midId });
    expect(p.details.routingAttempts).toBeUndefined(); // one MID tried: nothing cascaded

    const mastercard = await payOnPage('01/38', 'EUR', { card_number: '5555 5555 5555 4444' });
    expect((await stored(mastercard.q.payment_id!)).midId).toBe(mid.other.midId);

    const usd = await payOnPage('01/38', 'USD');
    expect((await stored(usd.q.payment_id!)).midId).toBe(mid.other.midId);
  });

  it('04/38: soft-declined on the first MID, approved on the next; one answer, one callback with the final MID', async () => {
    const { html, order, q } = await payOnPage('04/38', 'EUR');
    // One answer to the payer: success, back to success_url with the return hash of the one payment.
    expect(html).toContain('Payment successful');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const p = await stored(q.payment_id!);
    expect(p).toMatchObject({ status: 'SETTLED', midId: mid.eurBackup.midId, callbackCount: 1 });
    expect(p.details.midName).toBe('eurBackup');
    expect(p.details.routingAttempts).toEqual([
      { midId: mid.eurVisa.midId, answer: 'declined: Issuer unavailable.' },
      { midId: mid.eurBackup.midId, answer: 'approved' },
    ]);
    expect(p.history).toHaveLength(1);
    // One payment for the order, and its one callback reports the approval.
    const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === order.number));
    expect(cb.fields).toMatchObject({ id: q.payment_id, status: 'success', order_status: 'settled', type: 'sale' });
    expect(shop.received.filter((c) => c.fields.order_number === order.number)).toHaveLength(1);
  });
});

describe('hosted fields', () => {
  it('a hosted-fields payment of the same merchant is routed by its integration rule, not the Checkout one', async () => {
    const s = await createToken(platform.url, merchant, { order: { currency: 'EUR' } });
    expect((await submitCard(platform.url, s.token, '01/38')).body).toEqual({ result: 'success', message: '' });
    const res = await pay(platform.url, s.token);
    expect(res.body).toMatchObject({ result: 'success' });
    expect((await stored(res.body.public_id)).midId).toBe(mid.hf.midId);
  });
});
