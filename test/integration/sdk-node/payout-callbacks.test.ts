/**
 * @open-payments/node's verifyCallback on the S2S APM payout callbacks the platform really sends: CREDIT2VIRTUAL and
 * CREDIT2CRYPTO are both signed with the Credit2Virtual callback signature (spec: md5(strtoupper(strrev(trans_id .
 * order_id . status)) . PASSWORD)), so the protocol hash of each verifies, and a changed status does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCallback } from '@open-payments/node';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { apmPayout } from '../s2s-apm/support.js';

let platform: RunningPlatform;
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  platform = await startTestPlatform();
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await platform?.stop();
  await shop?.close();
});

/** The payout's callback as received, checked by its protocol hash alone (no X-Callback-Signature). */
async function payoutCallback(fields: Record<string, unknown>) {
  const res = await postForm(`${platform.url}/post-va`, apmPayout(merchant, fields as never) as never);
  expect(res.body).toMatchObject({ action: fields.action });
  const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
  expect(cb.fields.action).toBe(fields.action);
  return cb;
}

describe('verifyCallback: S2S APM payouts', () => {
  it('CREDIT2VIRTUAL and CREDIT2CRYPTO callbacks verify by the Credit2Virtual callback signature', async () => {
    const options = { password: merchant.password, requireSignature: false };
    const virtual = await payoutCallback({ action: 'CREDIT2VIRTUAL' });
    expect(verifyCallback(virtual.raw, {}, options)).toMatchObject({ protocol: 's2s-apm', data: { action: 'CREDIT2VIRTUAL' }, hashVerified: true });

    const crypto = await payoutCallback({
      action: 'CREDIT2CRYPTO',
      brand: 'crypto_payout',
      identifier: undefined,
      parameters: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', currency: 'BTC', network: 'BTC' },
    });
    expect(verifyCallback(crypto.raw, {}, options)).toMatchObject({ protocol: 's2s-apm', data: { action: 'CREDIT2CRYPTO' }, hashVerified: true });

    // The hash covers the status: a changed one fails.
    const status = String(crypto.fields.status);
    const forged = crypto.raw.replace(`status=${status}`, `status=${status === 'SETTLED' ? 'DECLINED' : 'SETTLED'}`);
    expect(forged).not.toBe(crypto.raw);
    expect(() => verifyCallback(forged, {}, options)).toThrow(expect.objectContaining({ reason: 'hash_mismatch' }));
  });
});
