/**
 * S2S APM SALE with brand googlepay|applepay and parameters[paymentToken] (/post-va): a card payment underneath,
 * answered and called back in APM words, with APM follow-ups working on it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { runRiskCommand } from '../../../scripts/admin/risk.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { recordingSandbox, restoreConnectors } from '../../support/connectors.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmFollowUp, apmSale, expectedCallbackHash } from '../s2s-apm/support.js';
import { ecKeyPair } from '../../unit/wallets/fixtures/google-token.js';
import { appleToken, configureWallets, googleCard, googleToken, walletEnv, type WalletMerchantKeys } from './support.js';

const platform = usePlatform(walletEnv);
let shop: MerchantServer;
let merchant: Merchant;
let keys: WalletMerchantKeys;
const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post-va`, f as never);
/** A wallet APM SALE: no identifier (hash without it), the token in parameters[paymentToken]. */
const walletApm = (brand: string, token: string, over: Record<string, string | undefined> = {}) =>
  apmSale(merchant, { brand, identifier: undefined, return_url: undefined, parameters: { paymentToken: token } as never, ...over });

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ paymentMode: 'SMS/DMS' }] });
  keys = await configureWallets(merchant);
});
afterAll(async () => {
  await shop?.close();
});

it('googlepay: settles, answers digital_wallet and pan_type, calls back signed in APM words', async () => {
  const res = await post(walletApm('googlepay', googleToken(merchant, keys.google.publicKey)));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    action: 'SALE',
    result: 'SUCCESS',
    status: 'SETTLED',
    amount: '10.00',
    digital_wallet: 'googlepay',
    pan_type: 'dpan',
    card: '489537****3456',
  });
  const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
  expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', brand: 'googlepay' });
  expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
  const status = await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
  expect(status.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', brand: 'googlepay' });
});

it('applepay auth=Y, then APM CAPTURE', async () => {
  const res = await post(walletApm('applepay', appleToken(keys.apple.publicKey), { auth: 'Y' }));
  expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING', digital_wallet: 'applepay', pan_type: 'dpan' });
  const captured = await post(apmFollowUp(merchant, 'CAPTURE', res.body.trans_id));
  expect(captured.body).toMatchObject({ action: 'CAPTURE', result: 'SUCCESS', status: 'SETTLED' });
});

it("googlepay PAN_ONLY: the acquirer's 3DS on the platform page, then SETTLED with an APM callback, back to return_url", async () => {
  const card = googleCard({
    expirationMonth: 5,
    expirationYear: 2038,
    pan: '5204730000001234',
    authMethod: 'PAN_ONLY',
    cryptogram: undefined,
    eciIndicator: undefined,
  });
  const res = await post(
    walletApm('googlepay', googleToken(merchant, keys.google.publicKey, card), { return_url: 'https://merchant.example/back' }),
  );
  expect(res.body).toMatchObject({
    result: 'REDIRECT',
    status: '3DS',
    pan_type: 'fpan',
    card: '520473****1234',
    redirect_method: 'GET',
    redirect_params: [],
  });
  const page = await fetch(res.body.redirect_url);
  expect(page.status).toBe(200);
  const token = new URL(res.body.redirect_url).searchParams.get('PaReq')!;
  const done = await fetch(`${platform.url}/threeds/${res.body.trans_id}/complete`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ PaReq: token, MD: res.body.trans_id }).toString(),
  });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe('https://merchant.example/back');
  expect((await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', res.body.trans_id))).body.status).toBe('SETTLED');
  const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
  expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', brand: 'googlepay' });
  expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
  // A PAN_ONLY the acquirer does not challenge settles at once.
  const plain = await post(
    walletApm(
      'googlepay',
      googleToken(
        merchant,
        keys.google.publicKey,
        googleCard({ pan: '5204730000001234', authMethod: 'PAN_ONLY', cryptogram: undefined, eciIndicator: undefined }),
      ),
    ),
  );
  expect(plain.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', pan_type: 'fpan' });
});

it('refusals name parameters[paymentToken]', async () => {
  const missing = await post(apmSale(merchant, { brand: 'googlepay', identifier: undefined, return_url: undefined }));
  expect(missing.body.errors.map((e: { error_message: string }) => e.error_message)).toEqual([
    'parameters[paymentToken]: This value should not be blank.',
  ]);
  const stranger = await post(walletApm('googlepay', googleToken(merchant, ecKeyPair().publicKey)));
  expect(stranger.body.errors[0].error_message).toBe(
    "parameters[paymentToken]: The payment token cannot be decrypted with the merchant's wallet key.",
  );
  const badHash = await post(walletApm('googlepay', googleToken(merchant, keys.google.publicKey), { hash: 'x' }));
  expect(badHash.body.errors[0].error_message).toBe('hash: Hash is not valid.');
});

it('a wallet SALE on the APM endpoint passes the risk check: a listed payer IP is declined before the acquirer', async () => {
  await runRiskCommand(['blocklist', 'add', '--type', 'ip', '--value', '198.51.100.0/28', '--merchant', merchant.clientKey]);
  const acquirer = recordingSandbox();
  try {
    const res = await post(walletApm('googlepay', googleToken(merchant, keys.google.publicKey), { payer_ip: '198.51.100.5' }));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by risk rules.' });
    expect(acquirer.pay).not.toHaveBeenCalled();
    expect((await deps().payments.get(res.body.trans_id))?.details.risk).toEqual({
      control: 'blocklist',
      reason: 'merchant blocklist ip 198.51.100.0/28',
    });
  } finally {
    restoreConnectors();
  }
});
