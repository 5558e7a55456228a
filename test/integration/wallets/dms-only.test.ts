/**
 * A wallet SALE for a merchant whose only MID is in DMS mode: the spec's transition table ("payment, two-stage MID |
 * SALE | MID in DMS mode → PENDING, stays until captured") holds it, on S2S APM (/post-va) as on S2S CARD (/post).
 * A merchant with only an SMS MID still cannot take auth=Y (204002).
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmFollowUp, apmSale } from '../s2s-apm/support.js';
import { appleToken, configureWallets, googleToken, walletEnv, walletSaleFields, type WalletMerchantKeys } from './support.js';

const platform = usePlatform(walletEnv);
let dmsOnly: Merchant;
let smsOnly: Merchant;
let dmsKeys: WalletMerchantKeys;
let smsKeys: WalletMerchantKeys;
const postApm = (f: Record<string, unknown>) => postForm(`${platform.url}/post-va`, f as never);
const postCard = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);
const walletApm = (merchant: Merchant, brand: string, token: string, over: Record<string, string | undefined> = {}) =>
  apmSale(merchant, { brand, identifier: undefined, return_url: undefined, parameters: { paymentToken: token } as never, ...over });

beforeAll(async () => {
  dmsOnly = await testMerchant({ mids: [{ paymentMode: 'DMS' }] });
  smsOnly = await testMerchant({ mids: [{ paymentMode: 'SMS' }] });
  dmsKeys = await configureWallets(dmsOnly);
  smsKeys = await configureWallets(smsOnly);
});

it('S2S APM: a googlepay SALE is held PENDING, and APM CAPTURE settles it', async () => {
  const res = await postApm(walletApm(dmsOnly, 'googlepay', googleToken(dmsOnly, dmsKeys.google.publicKey)));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'PENDING', digital_wallet: 'googlepay' });
  const captured = await postApm(apmFollowUp(dmsOnly, 'CAPTURE', res.body.trans_id));
  expect(captured.body).toMatchObject({ action: 'CAPTURE', result: 'SUCCESS', status: 'SETTLED' });
});

it('S2S APM: an applepay SALE is held PENDING, as the same token on S2S CARD is', async () => {
  const apm = await postApm(walletApm(dmsOnly, 'applepay', appleToken(dmsKeys.apple.publicKey)));
  expect(apm.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING', digital_wallet: 'applepay' });
  const card = await postCard(walletSaleFields(dmsOnly, 'applepay', appleToken(dmsKeys.apple.publicKey)));
  expect(card.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
});

it('an SMS-only merchant cannot hold: auth=Y is 204002, a plain SALE settles', async () => {
  const held = await postApm(walletApm(smsOnly, 'googlepay', googleToken(smsOnly, smsKeys.google.publicKey), { auth: 'Y' }));
  expect(held.body).toMatchObject({ result: 'ERROR', error_code: 204002, error_message: 'No enabled MID found for this payment.' });
  const sale = await postApm(walletApm(smsOnly, 'googlepay', googleToken(smsOnly, smsKeys.google.publicKey)));
  expect(sale.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
});
