/**
 * Wallet tokens pay once: the replay cache (WALLETTOKEN#<wallet>#<id>, TTL = the token's own expiry) refuses a token
 * used again for another request, while the very same request repeated still gets its first answer. Apple Pay's
 * currency must be the order's; Google Pay tokens must name this merchant as gatewayMerchantId.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmSale } from '../s2s-apm/support.js';
import { appleToken, configureWallets, googleCard, googleToken, walletEnv, walletSaleFields, type WalletMerchantKeys } from './support.js';

const platform = usePlatform(walletEnv);
let merchant: Merchant;
let keys: WalletMerchantKeys;
const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);
const fieldError = (body: any) => body.errors?.map((e: { error_message: string }) => e.error_message);
const REPLAYED = ['payment_token: The payment token has already been used.'];

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
  keys = await configureWallets(merchant);
});

describe('replay cache', () => {
  it('refuses a Google Pay token (same messageId) used for a second order, and keeps the id until messageExpiration', async () => {
    const messageId = `AH2Ej-replay-${Date.now()}`;
    const token = googleToken(merchant, keys.google.publicKey, googleCard(), 'TEST', { messageId });
    const first = await post(walletSaleFields(merchant, 'googlepay', token));
    expect(first.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const second = await post(walletSaleFields(merchant, 'googlepay', token, { order_id: `other-${Date.now()}` }));
    expect(second.status).toBe(400);
    expect(fieldError(second.body)).toEqual(REPLAYED);
    // A new token that reuses the messageId (Google never does) is the same payment as far as we can tell.
    const reused = await post(
      walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey, googleCard(), 'TEST', { messageId })),
    );
    expect(fieldError(reused.body)).toEqual(REPLAYED);
    const item = await awsClients().ddb.send(
      new GetCommand({ TableName: deps().config.TABLE_NAME, Key: { pk: `WALLETTOKEN#googlepay#${messageId}`, sk: 'TOKEN' } }),
    );
    expect(item.Item!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000); // the fixture's messageExpiration: +1 h
    expect(item.Item!.expiresAt).toBeLessThan(Date.now() / 1000 + 3700);
  });

  it('answers the very same request again with its first answer (idempotency), not with a replay error', async () => {
    const fields = walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey));
    const first = await post(fields);
    const again = await post(fields);
    expect(again.body).toEqual(first.body);
    expect(first.body.result).toBe('SUCCESS');
  });

  it('refuses an Apple Pay token (same header.transactionId) used twice', async () => {
    const token = appleToken(keys.apple.publicKey);
    expect((await post(walletSaleFields(merchant, 'applepay', token))).body).toMatchObject({ result: 'SUCCESS' });
    const second = await post(walletSaleFields(merchant, 'applepay', token, { order_id: `other-${Date.now()}` }));
    expect(fieldError(second.body)).toEqual(REPLAYED);
  });

  it('refuses a token used once on S2S CARD when it comes again on S2S APM', async () => {
    const token = appleToken(keys.apple.publicKey);
    expect((await post(walletSaleFields(merchant, 'applepay', token))).body).toMatchObject({ result: 'SUCCESS' });
    const fields = apmSale(merchant, {
      brand: 'applepay',
      identifier: undefined,
      return_url: undefined,
      parameters: { paymentToken: token } as never,
    });
    const res = await postForm(`${platform.url}/post-va`, fields as never);
    expect(fieldError(res.body)).toEqual(['parameters[paymentToken]: The payment token has already been used.']);
  });
});

describe('token and request', () => {
  it('refuses an Apple Pay token approved in another currency', async () => {
    const eur = await post(walletSaleFields(merchant, 'applepay', appleToken(keys.apple.publicKey, { currencyCode: '978' })));
    expect(eur.status).toBe(400);
    expect(fieldError(eur.body)).toEqual(['payment_token: The payment token was issued for another currency.']);
    // The same currency in the order pays.
    const ok = await post(
      walletSaleFields(merchant, 'applepay', appleToken(keys.apple.publicKey, { currencyCode: '978' }), { order_currency: 'EUR' }),
    );
    expect(ok.body).toMatchObject({ result: 'SUCCESS' });
  });

  it('refuses a Google Pay token without gatewayMerchantId, or naming another merchant', async () => {
    for (const gatewayMerchantId of [null, 'someone-else']) {
      const res = await post(
        walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey, googleCard(), 'TEST', { gatewayMerchantId })),
      );
      expect(fieldError(res.body)).toEqual(['payment_token: The payment token was issued for another merchant.']);
    }
  });
});
