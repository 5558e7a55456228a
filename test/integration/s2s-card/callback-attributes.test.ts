/**
 * Spec "Events" attribute groups on S2S CARD, each behind the merchant's mapping switch: card-on-file (`initiator`,
 * `source`, `sequence`, "the mapping defaults are off for the COF attributes"), 6.6.2 `extended_data` in callbacks,
 * `authenticationFlow` (Frictionless or Challenge) for an external MPI result, and `payer_ip` reaching the connector.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAPPINGS, type Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { recordingSandbox } from '../../support/connectors.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { recurringFields, saleFields, tokenSaleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let shop: MerchantServer;
/** Default mappings: card-on-file and extended_data off. */
let plain: Merchant;
/** cardOnFile and extendedData switched on. */
let mapped: Merchant;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  plain = await testMerchant({ notificationUrl: shop.url });
  mapped = await testMerchant({ notificationUrl: shop.url });
  await deps().merchants.update(mapped.clientKey, { mappings: { ...DEFAULT_MAPPINGS, cardOnFile: true, extendedData: true } });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => vi.restoreAllMocks());

const callbackOf = (transId: string) => eventually(() => shop.received.find((c) => c.fields.trans_id === transId));
const statusOf = async (m: Merchant, transId: string) => (await post(transIdFields(m, 'GET_TRANS_STATUS', transId))).body;
const cof = (initiator: string, sequence: string, source: string) => ({ initiator, sequence, source });

describe('card-on-file: initiator, source, sequence', () => {
  it('first use (req_token, recurring_init) and subsequent uses (card_token, payer_present=N, RECURRING_SALE), in callbacks and status answers', async () => {
    const first = await post(saleFields(mapped, { req_token: 'Y', recurring_init: 'Y' }));
    expect(first.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    for (const answer of [(await callbackOf(first.body.trans_id)).fields, await statusOf(mapped, first.body.trans_id)]) {
      expect(answer).toMatchObject(cof('cardholder', 'first', 'card'));
    }

    const byToken = await post(tokenSaleFields(mapped, first.body.card_token));
    expect((await callbackOf(byToken.body.trans_id)).fields).toMatchObject(cof('cardholder', 'subsequent', 'card_token'));
    expect(await statusOf(mapped, byToken.body.trans_id)).toMatchObject(cof('cardholder', 'subsequent', 'card_token'));

    const merchantInitiated = await post(tokenSaleFields(mapped, first.body.card_token, { payer_present: 'N' }));
    expect((await callbackOf(merchantInitiated.body.trans_id)).fields).toMatchObject(cof('merchant', 'subsequent', 'card_token'));

    const recurring = await post(recurringFields(mapped, { transId: first.body.trans_id, token: first.body.recurring_token }));
    expect(recurring.body).toMatchObject({ result: 'SUCCESS' });
    expect((await callbackOf(recurring.body.trans_id)).fields).toMatchObject(cof('merchant', 'subsequent', 'recurring'));
    expect(await statusOf(mapped, recurring.body.trans_id)).toMatchObject(cof('merchant', 'subsequent', 'recurring'));
  });

  it('a payment that neither stores nor uses a credential is not card-on-file', async () => {
    const sale = await post(saleFields(mapped));
    expect((await callbackOf(sale.body.trans_id)).fields).not.toHaveProperty('initiator');
    expect(await statusOf(mapped, sale.body.trans_id)).not.toHaveProperty('sequence');
  });

  it('off by default: no COF attributes for a merchant whose mapping is not switched on', async () => {
    const sale = await post(saleFields(plain, { req_token: 'Y' }));
    const cb = (await callbackOf(sale.body.trans_id)).fields;
    const status = await statusOf(plain, sale.body.trans_id);
    for (const name of ['initiator', 'source', 'sequence']) {
      expect(cb).not.toHaveProperty(name);
      expect(status).not.toHaveProperty(name);
    }
  });

  it('the flow: a stored 3DS card is challenged when the cardholder pays with it, not when the merchant charges it (payer_present=N)', async () => {
    // Saved with an external 3DS result (no challenge of ours), so the token's card is a 3DS card (05/2038).
    const mpi = {
      'mpi_data[eci]': '05',
      'mpi_data[authentication_value]': 'AAABBBCCCDDDEEEFFFGGGHHHIIIJ',
      'mpi_data[ds_trans_id]': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
      'mpi_data[3ds_version]': '2.2.0',
    };
    const saved = await post(saleFields(mapped, { card_exp_month: '05', req_token: 'Y', ...mpi } as never));
    expect(saved.body).toMatchObject({ result: 'SUCCESS', card_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const cardholder = await post(tokenSaleFields(mapped, saved.body.card_token));
    expect(cardholder.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    const merchantInitiated = await post(tokenSaleFields(mapped, saved.body.card_token, { payer_present: 'N' }));
    expect(merchantInitiated.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('extended_data (6.6.2: "extended_data in callbacks")', () => {
  it('is one nested field with connector, MID, merchant, RRN and approval code when the mapping is on; absent by default', async () => {
    const sale = await post(saleFields(mapped));
    const cb = (await callbackOf(sale.body.trans_id)).fields;
    expect(cb.extended_data).toEqual({
      connector_name: 'sandbox',
      mid_name: expect.any(String),
      merchant_name: 'Test Shop',
      rrn: cb.RRN,
      approval_code: expect.stringMatching(/^\d{6}$/),
    });
    const off = await post(saleFields(plain));
    expect((await callbackOf(off.body.trans_id)).fields).not.toHaveProperty('extended_data');
  });
});

describe('authenticationFlow: "Frictionless or Challenge"', () => {
  it('an external mpi_data result is Frictionless in callback and status', async () => {
    const res = await post(
      saleFields(plain, {
        card_exp_month: '05',
        'mpi_data[eci]': '05',
        'mpi_data[authentication_value]': 'AAABBBCCCDDDEEEFFFGGGHHHIIIJ',
        'mpi_data[ds_trans_id]': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
        'mpi_data[3ds_version]': '2.2.0',
      } as never),
    );
    expect((await callbackOf(res.body.trans_id)).fields).toMatchObject({ authenticationFlow: 'Frictionless', eci: '05' });
    expect(await statusOf(plain, res.body.trans_id)).toMatchObject({ authenticationFlow: 'Frictionless' });
  });
});

describe('payer_ip reaches the connector as the payer IP', () => {
  it('SALE and DEBIT pass payer_ip to the acquirer, with the card-on-file use', async () => {
    const pay = recordingSandbox().pay;
    const sale = await post(saleFields(plain, { payer_ip: '203.0.113.7', req_token: 'Y' }));
    const debit = await post(saleFields(plain, { action: 'DEBIT', payer_ip: '2001:db8::7' }));
    const sent = (transId: string) => pay.mock.calls.map(([req]) => req).find((req) => req.transId === transId);
    expect(sent(sale.body.trans_id)).toMatchObject({ payerIp: '203.0.113.7', cardOnFile: cof('cardholder', 'first', 'card') });
    expect(sent(debit.body.trans_id)).toMatchObject({ payerIp: '2001:db8::7' });
  });
});
