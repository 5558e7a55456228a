/**
 * The session operations other than purchase, on the page: debit (always tokenized), credit (a payout to the card the
 * payer enters: no CVV; 6.6.4 payee, payee_billing_address, parameters; callback type credit) and transfer (the
 * payer's card and the payee's card; the payee card is kept masked only; callback type transfer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, get, postPage, returnHash, returnQuery, signed } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);
const status = (paymentId: string) =>
  postJson(`${platform.url}/api/v1/payment/status`, signed(merchant, { payment_id: paymentId }, [paymentId]));
const PAYOUT_CARD = '4601 5418 3377 6519';

describe('operation debit', () => {
  it('charges the card and returns card_token in the callback even without req_token', async () => {
    const { url, order } = await createSession(platform.url, merchant, { operation: 'debit', custom_data: { ref: 'd1' } });
    const page = await get(url);
    expect(page.html).toContain('<label for="cvv">');
    const res = await postPage(`${url}/pay`, card('01/38'));
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({
      type: 'debit',
      status: 'success',
      order_status: 'settled',
      card: '411111****1111',
      custom_data: { ref: 'd1' },
    });
    expect(cb.card_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await status(q.payment_id!)).body).toMatchObject({ status: 'settled', card_token: cb.card_token });

    const declined = await createSession(platform.url, merchant, { operation: 'debit' });
    const dq = returnQuery((await postPage(`${declined.url}/pay`, card('02/38'))).html);
    expect(await eventually(() => callbacks(dq.payment_id!)[0])).toMatchObject({ type: 'debit', status: 'fail', order_status: 'decline' });
  });
});

describe('operation credit', () => {
  it('pays out to the card the payer enters, without asking the CVV; payee data comes back in the callback', async () => {
    const { url, order } = await createSession(platform.url, merchant, {
      operation: 'credit',
      payee: { first_name: 'Ann', last_name: 'Lee', country: 'DE' },
      payee_billing_address: { country: 'DE', city: 'Berlin' },
      parameters: { card: { purpose: 'winnings' } },
    });
    const page = await get(url);
    expect(page.html).toContain('<label for="card_number">');
    expect(page.html).toContain('<label for="expiry">');
    expect(page.html).not.toContain('name="cvv"');
    expect(page.html).toContain('Receive $10.00');
    const res = await postPage(`${url}/pay`, { card_number: PAYOUT_CARD, expiry: '09/30', holder: 'ANN LEE' });
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({
      type: 'credit',
      status: 'success',
      order_status: 'settled',
      card: '460154****6519',
      payee_first_name: 'Ann',
      payee_last_name: 'Lee',
      payee_country: 'DE',
    });
    expect(cb.hash).toBe(checkoutHash([q.payment_id!, order.number, '10.00', 'USD', 'Blue T-shirt'], merchant.password));
    expect((await status(q.payment_id!)).body).toMatchObject({ status: 'settled', card: '460154****6519' });
  });

  it('reports a refused payout as type credit, status fail', async () => {
    const { url } = await createSession(platform.url, merchant, { operation: 'credit' });
    const res = await postPage(`${url}/pay`, { card_number: '4111 1111 1111 1111', expiry: '02/38', holder: 'ANN LEE' });
    expect(res.html).toContain('Payment declined');
    const cb = await eventually(() => callbacks(returnQuery(res.html).payment_id!)[0]);
    expect(cb).toMatchObject({ type: 'credit', status: 'fail', order_status: 'decline' });
  });
});

describe('operation transfer', () => {
  it("takes the payer's card and the payee's card; the payee card is kept masked only", async () => {
    const { url, order } = await createSession(platform.url, merchant, { operation: 'transfer', payee: { first_name: 'Bob' } });
    const page = await get(url);
    expect(page.html).toContain('<label for="card_number">');
    expect(page.html).toContain('<label for="cvv">');
    expect(page.html).toContain('<label for="payee_card_number">');

    const bad = await postPage(`${url}/pay`, { ...card('01/38'), payee_card_number: '1111 2222 3333 4444' });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="payee_card_number-error" role="alert">Bad Request\. Brand of card does not support\./);
    expect(bad.html).not.toContain('1111 2222 3333 4444');
    const missing = await postPage(`${url}/pay`, card('01/38'));
    expect(missing.html).toMatch(/id="payee_card_number-error" role="alert">This field is required\./);

    const res = await postPage(`${url}/pay`, { ...card('01/38'), payee_card_number: PAYOUT_CARD });
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, order));
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({
      type: 'transfer',
      status: 'success',
      order_status: 'settled',
      card: '411111****1111',
      payee_card: '460154****6519',
      payee_first_name: 'Bob',
    });

    const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
    const text = JSON.stringify(items);
    expect(text).toContain('460154****6519');
    expect(text).not.toContain('4601541833776519');
  });

  it('runs the 3DS step on the payer card of a transfer', async () => {
    const { url } = await createSession(platform.url, merchant, { operation: 'transfer' });
    expect((await postPage(`${url}/pay`, { ...card('05/38'), payee_card_number: PAYOUT_CARD })).status).toBe(303);
    const done = await postPage(`${url}/3ds`, {});
    expect(done.html).toContain('Payment successful');
    const cb = await eventually(() => callbacks(returnQuery(done.html).payment_id!).find((c) => c.type === 'transfer'));
    expect(cb).toMatchObject({ type: 'transfer', status: 'success', payee_card: '460154****6519' });
  });

  it('masks a card number the merchant put into payee', async () => {
    const { url } = await createSession(platform.url, merchant, { operation: 'transfer', payee: { card_number: '4601541833776519' } });
    const res = await postPage(`${url}/pay`, { ...card('01/38'), payee_card_number: '5555 5555 5555 4444' });
    const cb = await eventually(() => callbacks(returnQuery(res.html).payment_id!)[0]);
    expect(cb).toMatchObject({ payee_card_number: '460154****6519', payee_card: '555555****4444' });
  });
});
