/**
 * S2S CARD SALE with digital_wallet + payment_token, end to end through /post on the local platform: tokens built as
 * Google and Apple build them (test roots configured as the platform's trust roots), decrypted with the merchant's
 * sealed key, paid through the charge core; every refusal is a payment_token error; no DPAN reaches DynamoDB or logs.
 */
// First: this file reads the platform's logs, at DEBUG (see the module).
import '../../support/read-logs.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { formula1 } from '../../../shared/protocol/signature.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { ecKeyPair } from '../../unit/wallets/fixtures/google-token.js';
import {
  APPLE_DPAN,
  CRYPTOGRAM,
  GOOGLE_DPAN,
  GOOGLE_FPAN,
  appleToken,
  configureWallets,
  googleCard,
  googleToken,
  pem,
  walletEnv,
  walletSaleFields,
  type WalletMerchantKeys,
} from './support.js';

const platform = usePlatform(walletEnv);
let shop: MerchantServer;
let merchant: Merchant;
let keys: WalletMerchantKeys;
const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);
const fieldError = (body: any) => body.errors?.map((e: { error_message: string }) => e.error_message);

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ paymentMode: 'SMS/DMS' }] });
  keys = await configureWallets(merchant);
});
afterAll(async () => {
  await shop?.close();
});

describe('Google Pay', () => {
  it('CRYPTOGRAM_3DS: settles with the DPAN, answers digital_wallet, pan_type dpan and the masked card', async () => {
    const res = await post(walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      digital_wallet: 'googlepay',
      pan_type: 'dpan',
      card: '489537****3456',
      amount: '10.00',
    });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
    expect(cb.fields).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      card: '489537****3456',
      digital_wallet: 'googlepay',
      pan_type: 'dpan',
    });
    // Follow-ups sign Formula 2 with the masked card the answer gave.
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id, { card: res.body.card }));
    expect(status.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', card: '489537****3456', digital_wallet: 'googlepay' });
    const details = await post(transIdFields(merchant, 'GET_TRANS_DETAILS', res.body.trans_id, { card: res.body.card }));
    expect(details.body).toMatchObject({ card: '489537****3456', digital_wallet: 'googlepay', pan_type: 'dpan' });
  });

  it('CRYPTOGRAM_3DS is the 3DS result (no challenge); PAN_ONLY leaves 3DS to the acquirer', async () => {
    const threeDsCard = { expirationMonth: 5, expirationYear: 2038 }; // the sandbox asks for 3DS with 05/2038
    const crypto = await post(
      walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey, googleCard(threeDsCard))),
    );
    expect(crypto.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', pan_type: 'dpan' });
    const panOnly = await post(
      walletSaleFields(
        merchant,
        'googlepay',
        googleToken(
          merchant,
          keys.google.publicKey,
          googleCard({ ...threeDsCard, pan: GOOGLE_FPAN, authMethod: 'PAN_ONLY', cryptogram: undefined, eciIndicator: undefined }),
        ),
      ),
    );
    expect(panOnly.body).toMatchObject({ result: 'REDIRECT', status: '3DS', pan_type: 'fpan', card: '520473****1234' });
    expect(panOnly.body.redirect_url).toContain(`/threeds/${panOnly.body.trans_id}`);
  });

  it('auth=Y holds the funds', async () => {
    const res = await post(walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey), { auth: 'Y' }));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING', digital_wallet: 'googlepay' });
  });
});

describe('Apple Pay', () => {
  it('settles with the DPAN of a whole PKPaymentToken', async () => {
    const res = await post(walletSaleFields(merchant, 'applepay', appleToken(keys.apple.publicKey)));
    expect(res.body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      digital_wallet: 'applepay',
      pan_type: 'dpan',
      card: '476134****9876',
    });
  });

  it('refuses a token approved for another amount', async () => {
    const res = await post(walletSaleFields(merchant, 'applepay', appleToken(keys.apple.publicKey, { transactionAmount: 999 })));
    expect(res.status).toBe(400);
    expect(fieldError(res.body)).toEqual(['payment_token: The payment token was issued for another amount.']);
  });
});

describe('refusals', () => {
  it('a merchant without wallet settings', async () => {
    const other = await testMerchant();
    const res = await post(walletSaleFields(other, 'googlepay', googleToken(other, keys.google.publicKey)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Request data is invalid.' });
    expect(fieldError(res.body)).toEqual(['payment_token: Wallet payments are not configured for this merchant.']);
  });

  it('a token from the other environment', async () => {
    const production = await testMerchant();
    const prodKeys = await configureWallets(production, 'PRODUCTION');
    const google = await post(
      walletSaleFields(production, 'googlepay', googleToken(production, prodKeys.google.publicKey, googleCard(), 'TEST')),
    );
    const apple = await post(walletSaleFields(production, 'applepay', appleToken(prodKeys.apple.publicKey, {}, 'TEST')));
    for (const res of [google, apple]) {
      expect(fieldError(res.body)).toEqual([
        "payment_token: The payment token was created in another environment than the merchant's wallet configuration.",
      ]);
    }
    // The same merchant's PRODUCTION tokens pay.
    const ok = await post(
      walletSaleFields(production, 'googlepay', googleToken(production, prodKeys.google.publicKey, googleCard(), 'PRODUCTION')),
    );
    expect(ok.body.result).toBe('SUCCESS');
  });

  it('a token encrypted for another key, and a tampered one', async () => {
    const stranger = await post(walletSaleFields(merchant, 'googlepay', googleToken(merchant, ecKeyPair().publicKey)));
    expect(fieldError(stranger.body)).toEqual(["payment_token: The payment token cannot be decrypted with the merchant's wallet key."]);
    const appleStranger = await post(walletSaleFields(merchant, 'applepay', appleToken(ecKeyPair().publicKey)));
    expect(fieldError(appleStranger.body)).toEqual([
      "payment_token: The payment token cannot be decrypted with the merchant's wallet key.",
    ]);

    const token = JSON.parse(googleToken(merchant, keys.google.publicKey));
    const inner = JSON.parse(token.paymentMethodData.tokenizationData.token);
    inner.signedMessage = inner.signedMessage.replace(/"tag":"./, (m: string) => m.slice(0, -1) + (m.endsWith('A') ? 'B' : 'A'));
    token.paymentMethodData.tokenizationData.token = JSON.stringify(inner);
    const tampered = await post(walletSaleFields(merchant, 'googlepay', JSON.stringify(token)));
    expect(fieldError(tampered.body)).toEqual(['payment_token: The payment token signature is not valid.']);
    const garbage = await post(walletSaleFields(merchant, 'applepay', '{"version":"EC_v1"'));
    expect(fieldError(garbage.body)).toEqual(['payment_token: This value is not valid.']);
  });

  it('field rules and Formula 8', async () => {
    const token = googleToken(merchant, keys.google.publicKey);
    const wrongWallet = await post(walletSaleFields(merchant, 'samsungpay', token));
    expect(fieldError(wrongWallet.body)).toEqual(['digital_wallet: The value you selected is not a valid choice.']);
    const noToken = await post(walletSaleFields(merchant, 'googlepay', ''));
    expect(fieldError(noToken.body)).toEqual(['payment_token: This value should not be blank.']);
    const f1 = await post(
      walletSaleFields(merchant, 'googlepay', token, {
        hash: formula1({ email: 'doe@example.com', password: merchant.password, cardNumber: GOOGLE_DPAN }),
      }),
    );
    expect(fieldError(f1.body)).toEqual(['hash: Hash is not valid.']);
  });

  it('card data beats payment_token', async () => {
    const res = await post(saleFields(merchant, { digital_wallet: 'googlepay', payment_token: 'ignored' }));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(res.body.digital_wallet).toBeUndefined();
  });
});

it('keeps DPANs, cryptograms and wallet keys out of DynamoDB and the logs', async () => {
  const written: string[] = [];
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((s) => s.write.bind(s));
  streams.forEach((s, i) => {
    s.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (writes[i] as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof s.write;
  });
  let transIds: string[];
  try {
    const google = await post(
      walletSaleFields(merchant, 'googlepay', googleToken(merchant, keys.google.publicKey), {
        recurring_init: 'Y',
        order_id: 'wallet-secrets',
      }),
    );
    const apple = await post(walletSaleFields(merchant, 'applepay', appleToken(keys.apple.publicKey)));
    const refused = await post(walletSaleFields(merchant, 'googlepay', googleToken(merchant, ecKeyPair().publicKey)));
    expect([google.body.result, apple.body.result, refused.body.result]).toEqual(['SUCCESS', 'SUCCESS', 'ERROR']);
    expect(google.body.recurring_token).toBeDefined();
    transIds = [google.body.trans_id, apple.body.trans_id];
    for (const id of transIds) await eventually(() => shop.received.find((c) => c.fields.trans_id === id));
  } finally {
    streams.forEach((s, i) => (s.write = writes[i]!));
  }
  const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
  const dump = JSON.stringify(items);
  const logs = written.join('');
  expect(dump).toContain('"bin":"489537"');
  expect(items.filter((i) => i.kind === 'wallet-config')).toHaveLength(2 * 2); // this merchant + the PRODUCTION one
  expect(items.some((i) => i.kind === 'vault')).toBe(true); // the recurring card: sealed
  const keyBody = (k: typeof keys.google) => pem(k.privateKey).split('\n')[1]!;
  for (const secret of [GOOGLE_DPAN, APPLE_DPAN, CRYPTOGRAM, 'Af9x/QwAA/DjmU65oyc1MAABAAA=', keyBody(keys.google), keyBody(keys.apple)]) {
    expect(dump).not.toContain(secret);
    expect(logs).not.toContain(secret);
  }
  expect(logs).toContain('wallet token refused'); // the logs were captured
});
