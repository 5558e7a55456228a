/**
 * The hosted-fields bodies are declared once (shared/protocol/hosted-fields): the readers check with the schemas and
 * answer with the protocol's exact texts, in the order of the declaration.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, SessionUpdateError } from '../../../shared/domain/errors.js';
import { readUpdateRequest, UPDATABLE } from '../../../shared/protocol/hosted-fields/update-request.js';
import { readTokenRequest } from '../../../shared/protocol/hosted-fields/token-request.js';
import { readCardData } from '../../../shared/protocol/hosted-fields/card-data.js';

const errorsOf = (read: () => unknown): string[] => {
  try {
    read();
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors.map((e) => `${e.field}: ${e.message}`);
    if (err instanceof SessionUpdateError) return err.fieldErrors.map((e) => e.message);
    throw err;
  }
  return [];
};
const update =
  (body: unknown, signed = false) =>
  () =>
    readUpdateRequest(JSON.stringify(body), { signed });

describe('PUT /api/v1/session/update body', () => {
  it('names the updatable parameters from the declaration', () => {
    expect(UPDATABLE).toEqual([
      'order_amount',
      'order_currency',
      'recurring_init',
      'req_token',
      'schedule_id',
      'parameters',
      'custom_data',
    ]);
  });

  it('refuses an empty body and names every parameter it does not take, hash too unless signed', () => {
    expect(errorsOf(update({}))).toEqual(['At least one parameter must be sent.']);
    expect(errorsOf(update({ hash: 'x' }, true))).toEqual(['At least one parameter must be sent.']);
    expect(errorsOf(update({ merchant_key: 'k', order_amount: '1.00', hash: 'x' }))).toEqual([
      'Parameter "merchant_key" can not be updated.',
      'Parameter "hash" can not be updated.',
    ]);
  });

  it('reports every wrong value at once with the protocol texts', () => {
    expect(
      errorsOf(
        update({
          order_amount: null,
          order_currency: 5,
          recurring_init: 'Y',
          req_token: null,
          schedule_id: 'x'.repeat(65),
          parameters: [],
          custom_data: 'a',
        }),
      ),
    ).toEqual([
      'order_amount: This value should not be blank.',
      'order_currency: This value should be of type string.',
      'recurring_init: This value should be of type bool.',
      'req_token: This value should be of type bool.',
      'schedule_id: This value is too long. It should have 64 characters or less.',
      'parameters: This value is not valid.',
      'custom_data: This value is not valid.',
    ]);
    expect(errorsOf(update({ order_amount: '', schedule_id: '' }))).toEqual([
      'order_amount: This value should not be blank.',
      'schedule_id: This value should not be blank.',
    ]);
    expect(errorsOf(update({ schedule_id: 7 }))).toEqual(['schedule_id: This value should be of type string.']);
  });

  it('reads the changes; schedule_id null removes it; the hash only in the signed mode', () => {
    expect(readUpdateRequest(JSON.stringify({ order_amount: '12.00', schedule_id: null, custom_data: {} }))).toEqual({
      orderAmount: '12.00',
      scheduleId: null,
      customData: {},
    });
    expect(readUpdateRequest(JSON.stringify({ req_token: true, hash: 'h' }), { signed: true })).toMatchObject({
      reqToken: true,
      hash: 'h',
    });
    expect(readUpdateRequest(JSON.stringify({ req_token: true, hash: 5 }), { signed: true }).hash).toBeUndefined();
  });
});

const TOKEN_BODY = {
  merchant_key: 'key',
  operation: 'purchase',
  return_url: 'https://shop.example/back',
  hash: 'hash',
  order: { number: 'order-1', amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
};
const token = (changes: Record<string, unknown>) => () => readTokenRequest(JSON.stringify({ ...TOKEN_BODY, ...changes }));

describe('POST /api/v1/session/token body', () => {
  it('is a session with success_url optional, return_url required, operation purchase or debit, customer.ip', () => {
    const req = readTokenRequest(JSON.stringify({ ...TOKEN_BODY, customer: { ip: '203.0.113.7' } }));
    expect(req.operation).toBe('purchase');
    expect(req.body.success_url).toBeUndefined();
    expect(req.body.return_url).toBe('https://shop.example/back');
    expect(req.body.customer?.ip).toBe('203.0.113.7');
    expect(req.amount).toBe(1000);
  });

  it('answers with the protocol texts', () => {
    expect(errorsOf(token({ operation: 'credit' }))).toEqual(['operation: The value you selected is not a valid choice.']);
    expect(errorsOf(token({ operation: undefined }))).toEqual(['operation: This value should not be blank.']);
    expect(errorsOf(token({ return_url: '' }))).toEqual(['return_url: This value should not be blank.']);
    expect(errorsOf(token({ return_url: 5 }))).toEqual(['return_url: This value is not a valid URL.']);
    expect(errorsOf(token({ return_url: 'ftp://x' }))).toEqual(['return_url: This value is not a valid URL.']);
    expect(errorsOf(token({ return_url: `https://x.example/${'a'.repeat(1024)}` }))).toEqual([
      'return_url: This value is too long. It should have 1024 characters or less.',
    ]);
    expect(errorsOf(token({ customer: { ip: '999.1.1.1' } }))).toEqual(['customer.ip: This is not a valid IP address.']);
    expect(errorsOf(token({ customer: { ip: 7 } }))).toEqual(['customer.ip: This is not a valid IP address.']);
  });

  it("keeps Checkout's rules that span fields", () => {
    expect(errorsOf(token({ operation: 'debit', auth: true }))).toEqual(['auth: This value is available for the purchase operation only.']);
  });
});

describe('POST /hosted-fields/card-data body', () => {
  const now = new Date('2030-01-15T00:00:00Z');
  it('reads the three values; anything else is no card', () => {
    expect(readCardData({ card_number: '4111 1111 1111 1111', expiry: '01/31', cvv: '123' }, now)).toEqual({
      number: '4111111111111111',
      expMonth: '01',
      expYear: '2031',
      cvv: '123',
    });
    expect(readCardData({ card_number: 4111111111111111, expiry: '01/31', cvv: '123' }, now)).toBeUndefined();
    expect(readCardData({ card_number: '4111111111111111', expiry: '01/31' }, now)).toBeUndefined();
  });
});
