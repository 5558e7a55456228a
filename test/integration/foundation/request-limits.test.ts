/**
 * Size limits (docs/limits.md) against the real local platform: an oversized body or free-form field gets a 4xx in
 * the protocol's own format, before any acquirer call and without a single DynamoDB write; what is accepted at the
 * limits is stored and keeps working as its history grows. The ReDoS regression (an 80 KB adversarial email) is
 * answered with a 4xx too. Nothing here measures time.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { recordingApmSandbox, recordingSandbox } from '../../support/connectors.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { MAX_BODY_BYTES } from '../../../shared/protocol/limits.js';
import { postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { apmSale } from '../s2s-apm/support.js';
import { sessionBody } from '../checkout/support.js';
import { call, createToken, tokenBody, update } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});
afterEach(() => vi.restoreAllMocks());

const WRITES = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'TransactWriteItemsCommand',
]);

/** Runs `fn` and reports the DynamoDB writes and acquirer calls it caused (handlers run in this process). */
async function sideEffects<T>(fn: () => Promise<T>): Promise<{ result: T; writes: string[]; acquirerCalls: number }> {
  const writes: string[] = [];
  const ddb = awsClients().ddb;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITES.has(String(context.commandName))) writes.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'writeCounter' },
  );
  const { pay, payout } = recordingSandbox();
  const apm = recordingApmSandbox().pay;
  try {
    const result = await fn();
    return { result, writes, acquirerCalls: pay.mock.calls.length + payout.mock.calls.length + apm.mock.calls.length };
  } finally {
    ddb.middlewareStack.remove('writeCounter');
  }
}

async function rawPost(path: string, body: string, contentType: string) {
  const res = await fetch(`${platform.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}

const TOO_LARGE = `Request body is too large. It should have ${MAX_BODY_BYTES} bytes or less.`;

describe('free-form fields over their caps are refused before the acquirer, nothing written', () => {
  it('S2S CARD /post: custom_data value too long', async () => {
    const fields = saleFields(merchant, { custom_data: { note: 'x'.repeat(1025) } });
    const { result, writes, acquirerCalls } = await sideEffects(() => postForm(`${platform.url}/post`, fields));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      action: 'SALE',
      result: 'ERROR',
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [{ error_code: 100000, error_message: 'custom_data[note]: This value is too long. It should have 1024 characters or less.' }],
    });
    expect(writes).toEqual([]);
    expect(acquirerCalls).toBe(0);
    expect(await deps().payments.findByOrder(merchant.clientKey, fields.order_id as string, 5)).toEqual([]);
  });

  it('S2S CARD /v2/post: custom_data over 8 KB in total, parameters with too many entries', async () => {
    const custom_data = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'.repeat(1000)]));
    const parameters = { cart: { items: Array.from({ length: 501 }, () => 'x') } };
    const { result, writes, acquirerCalls } = await sideEffects(() =>
      postForm(`${platform.url}/v2/post`, saleFields(merchant, { custom_data, parameters })),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { error_code: 100000, error_message: 'custom_data: This value is too large. It should have 8192 bytes or less.' },
      { error_code: 100000, error_message: 'parameters: This collection should contain 500 elements or less.' },
    ]);
    expect(writes).toEqual([]);
    expect(acquirerCalls).toBe(0);
  });

  it('S2S APM /post-va: custom_data nested too deeply', async () => {
    const { result, writes, acquirerCalls } = await sideEffects(() =>
      postForm(`${platform.url}/post-va`, apmSale(merchant, { custom_data: { a: { b: { c: { d: '1' } } } } })),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      result: 'ERROR',
      errors: [
        { error_code: 100000, error_message: 'custom_data[a][b][c]: This value is nested too deeply. It should have 3 levels or less.' },
      ],
    });
    expect(writes).toEqual([]);
    expect(acquirerCalls).toBe(0);
  });

  it('Checkout /api/v1/session: custom_data, parameters and payee', async () => {
    const body = sessionBody(merchant, { custom_data: { big: 'x'.repeat(2000) }, parameters: { card: { n: 1e200 } } });
    const { result, writes } = await sideEffects(() => postJson(`${platform.url}/api/v1/session`, body));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      http_code: 400,
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [
        { error_code: 100000, error_message: 'custom_data.big: This value is too long. It should have 1024 characters or less.' },
        { error_code: 100000, error_message: 'parameters.card.n: This value is not valid.' },
      ],
    });
    expect(writes).toEqual([]);
  });

  it('Checkout /api/v1/payment/recurring: custom_data', async () => {
    const { result, writes, acquirerCalls } = await sideEffects(() =>
      postJson(`${platform.url}/api/v1/payment/recurring`, {
        merchant_key: merchant.clientKey,
        custom_data: { ['k'.repeat(65)]: '1' },
        hash: 'x',
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { error_code: 100000, error_message: 'custom_data: A key is too long. It should have 64 characters or less.' },
    ]);
    expect(writes).toEqual([]);
    expect(acquirerCalls).toBe(0);
  });

  it('hosted fields: session token and session update', async () => {
    const token = await sideEffects(() =>
      postJson(`${platform.url}/api/v1/session/token`, tokenBody(merchant, { parameters: { card: { f: 'x'.repeat(16 * 1024 + 1) } } })),
    );
    expect(token.result.status).toBe(400);
    expect(token.result.body.errors).toEqual([
      { error_code: 100000, error_message: 'parameters.card.f: This value is too long. It should have 16384 characters or less.' },
    ]);
    expect(token.writes).toEqual([]);

    const { token: sessionToken } = await createToken(platform.url, merchant);
    const upd = await sideEffects(() =>
      update(platform.url, sessionToken, { custom_data: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, '1'])) }),
    );
    expect(upd.result.status).toBe(400);
    expect(upd.result.body.errors).toEqual([
      { error_code: 100000, error_message: 'custom_data: This collection should contain 100 elements or less.' },
    ]);
    expect(upd.writes).toEqual([]);
  });
});

describe('bodies over 64 KB are refused before parsing, in the protocol format (413)', () => {
  const form = (extra: number) => encodeForm({ ...saleFields(merchant), order_description: 'x'.repeat(extra) });

  it('S2S CARD, S2S APM, Checkout and hosted fields', async () => {
    const {
      result: s2s,
      writes,
      acquirerCalls,
    } = await sideEffects(() => rawPost('/post', form(MAX_BODY_BYTES), 'application/x-www-form-urlencoded'));
    expect(s2s).toEqual({
      status: 413,
      body: {
        result: 'ERROR',
        http_code: 413,
        error_code: 100000,
        error_message: TOO_LARGE,
        errors: [{ error_code: 100000, error_message: TOO_LARGE }],
      },
    });
    expect(writes).toEqual([]);
    expect(acquirerCalls).toBe(0);

    expect((await rawPost('/post-va', form(MAX_BODY_BYTES), 'application/x-www-form-urlencoded')).status).toBe(413);
    const checkout = await rawPost(
      '/api/v1/session',
      JSON.stringify(sessionBody(merchant, { custom_data: { a: 'x'.repeat(MAX_BODY_BYTES) } })),
      'application/json',
    );
    expect(checkout).toEqual({
      status: 413,
      body: { http_code: 413, error_code: 100000, error_message: TOO_LARGE, errors: [{ error_code: 100000, error_message: TOO_LARGE }] },
    });
    const { token } = await createToken(platform.url, merchant);
    const processing = await call('POST', `${platform.url}/api/v1/processing/purchase/card`, token, {
      name: 'x'.repeat(MAX_BODY_BYTES),
      with_hosted_fields: true,
    });
    expect(processing.status).toBe(413);
    expect(processing.body.error_message).toBe(TOO_LARGE);
  });

  it('a 10 MB body: the gateway keeps 64 KB of it and the handler answers in the protocol format', async () => {
    const res = await rawPost('/post', 'a'.repeat(10 * 1024 * 1024), 'application/x-www-form-urlencoded');
    expect(res).toMatchObject({ status: 413, body: { result: 'ERROR', error_message: TOO_LARGE } });
    // The connection still serves the next request.
    expect((await fetch(`${platform.url}/health`)).status).toBe(200);
  });
});

describe('ReDoS regression: the 80 KB adversarial email', () => {
  const email = `a@${'a.'.repeat(40_000)}@`;

  it('as a whole body it is refused by size (413), as a 60 KB field by length (400), never by running the pattern', async () => {
    const whole = await rawPost(
      '/api/v1/session',
      JSON.stringify(sessionBody(merchant, { customer: { name: 'John Doe', email } })),
      'application/json',
    );
    expect(whole).toMatchObject({ status: 413, body: { error_code: 100000, error_message: TOO_LARGE } });

    const field = await postJson(
      `${platform.url}/api/v1/session`,
      sessionBody(merchant, { customer: { name: 'John Doe', email: email.slice(0, 60_000) } }),
    );
    expect(field.status).toBe(400);
    expect(field.body.errors).toEqual([
      { error_code: 100000, error_message: 'customer.email: This value is too long. It should have 256 characters or less.' },
    ]);

    const s2s = await postForm(`${platform.url}/post`, saleFields(merchant, { payer_email: email.slice(0, 60_000) }));
    expect(s2s.status).toBe(400);
    expect(s2s.body.errors).toContainEqual({
      error_code: 100000,
      error_message: 'payer_email: This value is too long. It should have 256 characters or less.',
    });
    expect((await fetch(`${platform.url}/health`)).status).toBe(200);
  });
});

describe('what the caps accept is stored, and keeps being stored as the payment grows', () => {
  it('a SALE with custom_data and parameters at their caps settles, and twenty partial refunds later still answers', async () => {
    // 7 x 1 KB of custom_data and 30 x 1 KB of parameters: just under 8 KB and 32 KB.
    const custom_data = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'c'.repeat(1024)]));
    const parameters = { cart: { items: Array.from({ length: 30 }, (_, i) => ({ name: `item ${i}`, description: 'd'.repeat(1000) })) } };
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant, { order_amount: '100.00', custom_data, parameters }));
    expect(sale.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const transId = sale.body.trans_id as string;
    for (let i = 0; i < 20; i++) {
      const refund = await postForm(`${platform.url}/post`, transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
      expect(refund.status).toBe(200);
    }
    const details = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_DETAILS', transId));
    expect(details.status).toBe(200);
    expect(details.body.result).toBe('SUCCESS');
    // Twenty-two requests with ~40 KB payments: about 10 s on an idle machine, over 30 s on a busy 2-core one.
  }, 120_000);
});
