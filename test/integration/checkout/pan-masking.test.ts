/**
 * Security issue 8 item 10: a card number inside the free-form Checkout objects (payee.card_number of credit and
 * transfer sessions, card_number fields in custom_data, parameters, payee_billing_address; the same objects of
 * hosted-fields sessions and updates) sent as a JSON number or with separators was stored and echoed unmasked.
 * Now every form is normalised and kept masked (first 6, last 4): the table and the callbacks never hold the PAN.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, postPage, returnQuery } from './support.js';
import { createToken, update } from '../hosted-fields/support.js';

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

const PAN = 4111111111111111;
const RAW = ['4111111111111111', '4111 1111-1111 1111', '4111.1111.1111.1111', '4111-1111-1111-1111', '4111 1111 1111 1111'];
const MASKED = '411111****1111';
const PAYOUT_CARD = '4601 5418 3377 6519';
const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);

async function tableText(): Promise<string> {
  const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
  return JSON.stringify(items);
}
const expectNoRawPan = (text: string, where: string) => {
  for (const raw of RAW) expect(text.includes(raw), `${raw} in ${where}`).toBe(false);
};

it('masks payee.card_number sent as a JSON number or with separators, and card numbers in custom_data and parameters', async () => {
  const { url } = await createSession(platform.url, merchant, {
    operation: 'transfer',
    payee: { card_number: PAN, first_name: 'Bob' },
    custom_data: { card_number: '4111 1111-1111 1111', ref: 'r-1', nested: { payer_card_number: PAN } },
    parameters: { card: { card_number: '4111.1111.1111.1111' } },
  });
  const res = await postPage(`${url}/pay`, { ...card('01/38'), payee_card_number: PAYOUT_CARD });
  expect(res.html).toContain('Payment successful');
  const cb = await eventually(() => callbacks(returnQuery(res.html).payment_id!)[0]);
  expect(cb).toMatchObject({
    type: 'transfer',
    payee_card_number: MASKED,
    payee_first_name: 'Bob',
    custom_data: { card_number: MASKED, ref: 'r-1', nested: { payer_card_number: MASKED } },
  });
  expectNoRawPan(JSON.stringify(cb), 'the callback');

  const credit = await createSession(platform.url, merchant, {
    operation: 'credit',
    payee: { card_number: '4111 1111-1111 1111', last_name: 'Lee' },
    payee_billing_address: { country: 'DE', card_number: '4111-1111-1111-1111' },
  });
  const paid = await postPage(`${credit.url}/pay`, { card_number: PAYOUT_CARD, expiry: '01/38', holder: 'ANN LEE' });
  const creditCb = await eventually(() => callbacks(returnQuery(paid.html).payment_id!)[0]);
  expect(creditCb).toMatchObject({ type: 'credit', payee_card_number: MASKED, payee_last_name: 'Lee' });
  expectNoRawPan(JSON.stringify(creditCb), 'the credit callback');

  const text = await tableText();
  expect(text).toContain(MASKED);
  expectNoRawPan(text, 'the table');
});

it('masks card numbers in hosted-fields custom_data and parameters, at creation and on update', async () => {
  const { token } = await createToken(platform.url, merchant, {
    custom_data: { card_number: PAN },
    parameters: { card: { card_number: '4111 1111-1111 1111' } },
  });
  expect((await update(platform.url, token, { custom_data: { payer_card_number: '4111-1111-1111-1111', note: 'gift' } })).body).toEqual({
    result: 'success',
  });
  expectNoRawPan(await tableText(), 'the table');
});
