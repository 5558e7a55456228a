/**
 * POST /api/v1/payment/card/credit: a payout to the card of a card_token. The answer is a page link; the page shows
 * the token's card masked and asks the payer for its expiry only (no CVV, no number), then pays out. The result comes
 * by a type=credit callback and by status lookup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, continueLink, createSession, get, postPage, returnHash, returnQuery, signed } from './support.js';

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

const api = (path: string, body: Record<string, unknown>) => postJson(`${platform.url}/api/v1/payment/${path}`, body);
const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);

/** A card_token from a page payment with req_token (holder JOHN DOE, 4111…1111, 01/2038). */
async function cardToken(m = merchant): Promise<string> {
  const { url } = await createSession(platform.url, m, { req_token: true });
  const paymentId = returnQuery((await postPage(`${url}/pay`, card('01/38'))).html).payment_id!;
  const cb = await eventually(() => callbacks(paymentId)[0]);
  return cb.card_token as string;
}

function creditBody(token: string, extra: Record<string, unknown> = {}) {
  const orderId = `payout-${Math.random().toString(36).slice(2, 10)}`;
  const body = {
    order_id: orderId,
    order_amount: '5.00',
    order_currency: 'USD',
    order_description: 'Winnings',
    card_token: token,
    ...extra,
  };
  return { orderId, body: signed(merchant, body, [orderId, '5.00', 'USD', 'Winnings']) };
}

describe('card/credit', () => {
  it('answers a page link; the page shows the masked card and asks for the expiry only; the payout calls back type credit', async () => {
    const token = await cardToken();
    const { orderId, body } = creditBody(token, { payee_first_name: 'Jane', payee_last_name: 'Roe' });
    const res = await api('card/credit', body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['redirect_url']);
    const url = res.body.redirect_url as string;
    expect(url).toMatch(new RegExp(`^${platform.url}/auth/[A-Za-z0-9_-]{43}$`));

    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('VISA 411111****1111');
    expect(page.html).toContain('Jane Roe'); // the payee names replace the token's JOHN DOE
    expect(page.html).not.toContain('JOHN DOE');
    expect(page.html).toContain('<label for="saved_expiry">');
    expect(page.html).not.toContain('name="saved_cvv"');
    expect(page.html).not.toContain('name="cvv"');
    expect(page.html).not.toContain('name="card_number"');
    expect(page.html).not.toContain('4111111111111111');
    expect(page.html).not.toContain(token);
    expect(page.html).not.toContain('01/38'); // the expiry is what the payer is asked for, so it is not shown
    expect(page.html).toContain('Receive $5.00');

    // Nothing is paid before the payer confirms.
    const before = await api('status', signed(merchant, { order_id: orderId }, [orderId]));
    expect(before.body).toMatchObject({ error_code: 101000, error_message: 'Order does not exist.' });

    const missing = await postPage(`${url}/pay`, { card_choice: 'saved-0' });
    expect(missing.status).toBe(400);
    expect(missing.html).toMatch(/id="saved_expiry-error" role="alert">This field is required\./);

    const done = await postPage(`${url}/pay`, { saved_expiry: '01/38' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Payment successful');
    expect(continueLink(done.html)).toBeUndefined(); // no success_url was given: the page is the end

    const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === orderId)?.fields);
    expect(cb).toMatchObject({
      type: 'credit',
      status: 'success',
      order_status: 'settled',
      order_amount: '5.00',
      customer_name: 'Jane Roe',
      payee_first_name: 'Jane',
      payee_last_name: 'Roe',
      card: '411111****1111',
      card_expiration_date: '01/2038',
      card_token: token,
    });
    const paymentId = cb.id as string;
    expect(cb.hash).toBe(checkoutHash([paymentId, orderId, '5.00', 'USD', 'Winnings'], merchant.password));

    const byId = await api('status', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(byId.body).toMatchObject({
      payment_id: paymentId,
      status: 'settled',
      order: { number: orderId, amount: '5.00', currency: 'USD' },
      card: '411111****1111',
    });
    const byOrder = await api('status', signed(merchant, { order_id: orderId }, [orderId]));
    expect(byOrder.body).toMatchObject({ payment_id: paymentId, status: 'settled' });

    // One payout per link.
    expect((await get(url)).status).toBe(410);
    expect((await postPage(`${url}/pay`, { saved_expiry: '01/38' })).status).toBe(410);
    expect(shop.received.filter((c) => c.fields.order_number === orderId)).toHaveLength(1);
  });

  it('declines when the acquirer refuses the expiry, and returns to the merchant URLs when given', async () => {
    const token = await cardToken();
    const { orderId, body } = creditBody(token, { success_url: 'https://shop.example/paid', cancel_url: 'https://shop.example/cancel' });
    const url = (await api('card/credit', body)).body.redirect_url as string;
    const page = await get(url);
    expect(page.html).toContain('JOHN DOE'); // no payee names: the token's holder
    const done = await postPage(`${url}/pay`, { saved_expiry: '02/38' });
    expect(done.html).toContain('Payment declined');
    const q = returnQuery(done.html);
    expect(new URL(continueLink(done.html)!.href).pathname).toBe('/cancel');
    expect(q.hash).toBe(returnHash(merchant, q.payment_id!, { number: orderId, amount: '5.00', currency: 'USD', description: 'Winnings' }));
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({ type: 'credit', status: 'fail', order_status: 'decline', reason: 'Declined by processing.' });
  });

  it('refuses bad requests synchronously in the Checkout error format', async () => {
    const token = await cardToken();
    const unknown = creditBody('f'.repeat(64));
    expect((await api('card/credit', unknown.body)).body).toMatchObject({
      error_code: 100000,
      error_message: 'This value is not correct.',
    });

    // Another merchant's token names nothing for this one.
    const other = await testMerchant({ notificationUrl: shop.url });
    const foreign = await cardToken(other);
    expect((await api('card/credit', creditBody(foreign).body)).body).toMatchObject({ error_message: 'This value is not correct.' });

    const badHash = creditBody(token);
    const res = await api('card/credit', { ...badHash.body, hash: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);

    const blank = await api('card/credit', { merchant_key: merchant.clientKey, hash: 'x', success_url: 'not a url' });
    expect(blank.status).toBe(400);
    const messages = (blank.body.errors as Array<{ error_message: string }>).map((e) => e.error_message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'order_id: This value should not be blank.',
        'order_amount: This value should not be blank.',
        'card_token: This value should not be blank.',
        'success_url: This value is not a valid URL.',
      ]),
    );
    const zero = creditBody(token);
    const zeroBody = signed(merchant, { ...zero.body, order_amount: '0.00' }, [zero.orderId, '0.00', 'USD', 'Winnings']);
    expect((await api('card/credit', zeroBody)).body.errors).toEqual([
      { error_code: 100000, error_message: 'order_amount: This value should be greater than 0.' },
    ]);
  });

  it('keeps the card out of DynamoDB: the session holds the token and the masked card only', async () => {
    const token = await cardToken();
    const url = (await api('card/credit', creditBody(token).body)).body.redirect_url as string;
    await postPage(`${url}/pay`, { saved_expiry: '01/38' });
    const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
    const text = JSON.stringify(items);
    expect(text).toContain('"bin":"411111"');
    expect(text).not.toContain('4111111111111111');
  });
});
