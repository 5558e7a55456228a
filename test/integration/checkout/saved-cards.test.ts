/**
 * card_token on the page: a session created with card_token lists the saved cards masked; the payer pays with one by
 * typing its CVV only (never stored) or enters a new card. req_token on a session returns card_token in the callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, get, postPage, returnQuery, sessionBody, signed } from './support.js';

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

/** Pays on the page with req_token and answers the callback's card_token. */
async function tokenize(number: string, expiry: string, holder: string, m = merchant): Promise<string> {
  const { url } = await createSession(platform.url, m, { req_token: true });
  const res = await postPage(`${url}/pay`, card(expiry, { card_number: number, holder }));
  const paymentId = returnQuery(res.html).payment_id!;
  const cb = await eventually(() => callbacks(paymentId)[0]);
  return cb.card_token as string;
}

let visa: string;
let mastercard: string;

describe('req_token', () => {
  it('returns card_token in the callback and the status of the payment', async () => {
    visa = await tokenize('4111 1111 1111 1111', '01/38', 'JOHN DOE');
    expect(visa).toMatch(/^[0-9a-f]{64}$/);
    mastercard = await tokenize('5555 5555 5555 4444', '01/38', 'ANNA SMITH');
    const { url } = await createSession(platform.url, merchant, { req_token: true });
    const paymentId = returnQuery((await postPage(`${url}/pay`, card('01/38'))).html).payment_id!;
    const cb = await eventually(() => callbacks(paymentId)[0]);
    expect(cb.card_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await status(paymentId)).body).toMatchObject({ payment_id: paymentId, card_token: cb.card_token });
    // Without req_token a purchase issues none.
    const plain = await createSession(platform.url, merchant);
    const plainId = returnQuery((await postPage(`${plain.url}/pay`, card('01/38'))).html).payment_id!;
    expect((await eventually(() => callbacks(plainId)[0])).card_token).toBeUndefined();
  });
});

describe('a session with card_token', () => {
  it('lists the saved cards masked, with the CVV as the only question for them', async () => {
    const { url } = await createSession(platform.url, merchant, { card_token: [visa, mastercard] });
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<legend>Saved cards</legend>');
    expect(page.html).toMatch(/value="saved-0" checked[^>]*>.*VISA 411111\*\*\*\*1111.*JOHN DOE · expires 01\/38/);
    expect(page.html).toMatch(/value="saved-1"[^>]*>.*Mastercard 555555\*\*\*\*4444.*ANNA SMITH/);
    expect(page.html).toContain('value="new"');
    expect(page.html).toContain('<label for="saved_cvv">');
    expect(page.html).toContain('<label for="card_number">'); // the new-card fields are there too (they work without script)
    expect(page.html).not.toContain('4111111111111111');
    expect(page.html).not.toContain('5555555555554444');
    expect(page.html).not.toContain(visa); // the tokens stay between the merchant and the platform
  });

  it('pays with the chosen saved card and its CVV; the callback names the token; the CVV is kept nowhere', async () => {
    const { url, order } = await createSession(platform.url, merchant, { card_token: [visa, mastercard] });
    const missing = await postPage(`${url}/pay`, { card_choice: 'saved-1' });
    expect(missing.status).toBe(400);
    expect(missing.html).toMatch(/id="saved_cvv-error" role="alert">This field is required\./);
    expect(missing.html).toMatch(/value="saved-1" checked/); // the payer's choice survives the error
    const bad = await postPage(`${url}/pay`, { card_choice: 'saved-1', saved_cvv: '12a' });
    expect(bad.html).toContain('Enter the 3 or 4 digit security code.');
    const nonsense = await postPage(`${url}/pay`, { card_choice: 'saved-7', saved_cvv: '123' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.html).toContain('Choose a card.');

    const res = await postPage(`${url}/pay`, { card_choice: 'saved-1', saved_cvv: '8604' });
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({
      type: 'sale',
      status: 'success',
      order_status: 'settled',
      order_number: order.number,
      card: '555555****4444',
      card_token: mastercard,
      brand: 'mastercard',
    });
    expect((await status(q.payment_id!)).body).toMatchObject({ status: 'settled', card: '555555****4444', card_token: mastercard });

    const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
    const text = JSON.stringify(items);
    // Hex ids may contain any 4 digits; a stored CVV would be a value of its own or a field named for it.
    expect(text).not.toContain('"8604"');
    expect(text).not.toMatch(/"[^"]*cvv[^"]*":/i); // a key named for it; sealed values may contain any letters
    expect(text).not.toContain('5555555555554444');
  });

  it('lets the payer enter a new card instead (req_token is ignored with card_token, protocol.md §5.1)', async () => {
    const { url } = await createSession(platform.url, merchant, { card_token: [visa], req_token: true });
    const res = await postPage(`${url}/pay`, {
      ...card('01/38', { card_number: '4012 8888 8888 1881' }),
      card_choice: 'new',
      saved_cvv: '',
    });
    expect(res.html).toContain('Payment successful');
    const q = returnQuery(res.html);
    const cb = await eventually(() => callbacks(q.payment_id!)[0]);
    expect(cb).toMatchObject({ status: 'success', card: '401288****1881' });
    expect(cb.card_token).toBeUndefined();
  });

  it('runs 3DS for a saved card that needs it, then charges it', async () => {
    // A 05/38 card (3DS) tokenized through its 3DS step.
    const first = await createSession(platform.url, merchant, { req_token: true });
    expect((await postPage(`${first.url}/pay`, card('05/38'))).status).toBe(303);
    const firstId = returnQuery((await postPage(`${first.url}/3ds`, {})).html).payment_id!;
    const threeDs = (await eventually(() => callbacks(firstId).find((c) => c.type === 'sale')))!.card_token as string;
    expect(threeDs).toMatch(/^[0-9a-f]{64}$/);

    const { url } = await createSession(platform.url, merchant, { card_token: [threeDs], operation: 'debit' });
    expect((await get(url)).html).toContain('expires 05/38');
    const res = await postPage(`${url}/pay`, { card_choice: 'saved-0', saved_cvv: '123' });
    expect(res.status).toBe(303);
    expect((await get(url)).html).toContain('3-D Secure');
    const done = await postPage(`${url}/3ds`, {});
    expect(done.html).toContain('Payment successful');
    const q = returnQuery(done.html);
    const cb = await eventually(() => callbacks(q.payment_id!).find((c) => c.type === 'debit'));
    // A debit with a saved card echoes that card's token rather than issuing another.
    expect(cb).toMatchObject({ type: 'debit', status: 'success', card_token: threeDs, card_expiration_date: '05/2038' });
  });

  it('refuses, at session time, a card_token that names no card of this merchant', async () => {
    const other = await testMerchant({ notificationUrl: shop.url });
    const foreign = await tokenize('4111 1111 1111 1111', '01/38', 'EVE', other);
    const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { card_token: [visa, foreign, 'a'.repeat(64)] }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ http_code: 400, error_code: 100000, error_message: 'Request data is invalid.' });
    expect(res.body.errors).toEqual([
      { error_code: 100000, error_message: 'card_token[1]: This value is not correct.' },
      { error_code: 100000, error_message: 'card_token[2]: This value is not correct.' },
    ]);
  });
});
