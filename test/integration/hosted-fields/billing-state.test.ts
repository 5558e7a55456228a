/**
 * Issue 9 item 12, spec 6.7.0 "Changed": "billing_address.state (S2S payer_state) is collected only for countries
 * CA, US, JP, AU, IN; for others it is hidden and not validated." — on the hosted-fields payment request. What was
 * collected is visible in the Checkout callback's customer_state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { createToken, pay, paymentBody, submitCard } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;

beforeAll(async () => {
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
});
afterAll(async () => {
  await notifications?.close();
});

async function payWith(billing: Record<string, unknown>, session: Record<string, unknown> = {}) {
  const { token, order } = await createToken(platform.url, merchant, session);
  expect((await submitCard(platform.url, token)).body.result).toBe('success');
  const res = await pay(platform.url, token, paymentBody({ billing_address: billing }));
  return { res, order };
}
const callbackOf = (orderNumber: string) =>
  eventually(() => notifications.received.find((c) => c.fields.order_number === orderNumber && c.fields.type === 'sale'));

describe('billing_address.state on the hosted-fields payment request (issue 9 item 12)', () => {
  for (const country of ['CA', 'US', 'JP', 'AU', 'IN']) {
    it(`${country}: "collected only for countries CA, US, JP, AU, IN" — a 2-letter state is kept, an invalid one refused`, async () => {
      const ok = await payWith({ country, state: 'ON' });
      expect(ok.res.status).toBe(200);
      expect(ok.res.body.result).toBe('success');
      expect((await callbackOf(ok.order.number)).fields.customer_state).toBe('ON');

      const bad = await payWith({ country, state: 'Ontario!' });
      expect(bad.res.status).toBe(400);
      expect(bad.res.body.errors.map((e: { error_message: string }) => e.error_message)).toEqual([
        'billing_address.state: This value is not valid.',
      ]);
    });
  }

  it('DE: "for others it is hidden and not validated" — any state value, even a non-string, is ignored', async () => {
    for (const state of ['Bayern, Oberbayern and more', 42, { any: 'thing' }]) {
      const { res, order } = await payWith({ country: 'DE', state, city: 'Munich' });
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('success');
      const cb = await callbackOf(order.number);
      expect(cb.fields.customer_state ?? '').toBe('');
      expect(cb.fields.customer_city).toBe('Munich');
    }
  });

  it("without a country of its own, the session's billing country decides", async () => {
    const us = await payWith({ state: 'NY' }, { billing_address: { country: 'US' } });
    expect(us.res.body.result).toBe('success');
    expect((await callbackOf(us.order.number)).fields.customer_state).toBe('NY');
    const usBad = await payWith({ state: 'new york' }, { billing_address: { country: 'US' } });
    expect(usBad.res.status).toBe(400);
    const fr = await payWith({ state: 'new york' }, { billing_address: { country: 'FR' } });
    expect(fr.res.body.result).toBe('success');
    expect((await callbackOf(fr.order.number)).fields.customer_state ?? '').toBe('');
  });

  it("a payment-request country that collects no state drops the session's state", async () => {
    const { res, order } = await payWith({ country: 'GB' }, { billing_address: { country: 'US', state: 'CA' } });
    expect(res.body.result).toBe('success');
    const cb = await callbackOf(order.number);
    expect(cb.fields.customer_country).toBe('GB');
    expect(cb.fields.customer_state ?? '').toBe('');
  });
});
