/**
 * @open-payments/node's verifyCallback on the S2S APM payout callbacks the platform really sends: CREDIT2VIRTUAL and
 * CREDIT2CRYPTO are both signed with the Credit2Virtual callback signature (spec: md5(strtoupper(strrev(trans_id .
 * order_id . status)) . PASSWORD)), so the protocol hash of each verifies with the HMAC or alone, and a changed status
 * does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCallback } from '@open-payments/node';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { DynamoCallbackSecrets } from '../../../shared/adapters/aws/dynamo-callback-secrets.js';
import { SigningSecrets } from '../../../shared/operations/callbacks/signing-secrets.js';
import { apmPayout } from '../s2s-apm/support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

/** The payout's callback as received. */
async function payoutCallback(fields: Record<string, unknown>) {
  const res = await postForm(`${platform.url}/post-va`, apmPayout(merchant, fields as never) as never);
  expect(res.body).toMatchObject({ action: fields.action });
  const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
  expect(cb.fields.action).toBe(fields.action);
  return cb;
}

describe('verifyCallback: S2S APM payouts', () => {
  it('CREDIT2VIRTUAL and CREDIT2CRYPTO callbacks verify by the Credit2Virtual callback signature', async () => {
    const virtual = await payoutCallback({ action: 'CREDIT2VIRTUAL' });
    const d = deps();
    const secrets = new SigningSecrets(new DynamoCallbackSecrets(d.config.TABLE_NAME), d.secrets['merchant-secrets'], 0);
    const options = { password: merchant.password, signingSecret: (await secrets.get(merchant.clientKey, new Date())).current };
    expect(verifyCallback(virtual.raw, virtual.headers, options)).toMatchObject({
      protocol: 's2s-apm',
      data: { action: 'CREDIT2VIRTUAL' },
      hashVerified: true,
    });

    const crypto = await payoutCallback({
      action: 'CREDIT2CRYPTO',
      brand: 'crypto_payout',
      identifier: undefined,
      parameters: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', currency: 'BTC', network: 'BTC' },
    });
    expect(verifyCallback(crypto.raw, crypto.headers, options)).toMatchObject({
      protocol: 's2s-apm',
      data: { action: 'CREDIT2CRYPTO' },
      hashVerified: true,
    });

    // The protocol hash alone (no X-Callback-Signature allowed) covers the status: a changed one fails.
    const status = String(crypto.fields.status);
    const forged = crypto.raw.replace(`status=${status}`, `status=${status === 'SETTLED' ? 'DECLINED' : 'SETTLED'}`);
    expect(forged).not.toBe(crypto.raw);
    expect(verifyCallback(crypto.raw, {}, { ...options, requireSignature: false }).hashVerified).toBe(true);
    expect(() => verifyCallback(forged, {}, { ...options, requireSignature: false })).toThrow(
      expect.objectContaining({ reason: 'hash_mismatch' }),
    );
  });
});
