/**
 * The Checkout.com connector's request shaping and answer mapping with an injected transport (answers Prism's
 * examples do not cover: declines, answers about another payment, duplicate refusals, no answer), the webhook
 * signature and the MID's setup checks. The round trips against Checkout.com's API description are in
 * test/integration/connectors/checkout-com.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutComConnector,
  CKO_NO_PAYMENT_ID,
  CKO_REQUEST_REFUSED,
  CKO_URL_REFUSED,
  followUpReference,
  paymentOutcome,
} from '../../../shared/adapters/connectors/checkout-com.js';
import type {
  CheckoutComAnswer,
  CheckoutComCall,
  CheckoutComTransport,
} from '../../../shared/adapters/connectors/checkout-com-transport.js';
import { checkCheckoutComSetup } from '../../../shared/adapters/connectors/checkout-com-setup.js';
import { answerMismatch } from '../../../shared/adapters/connectors/checkout-com-binding.js';
import { eventSignature, parseEvent, signatureMatches } from '../../../shared/protocol/providers/checkout-com-webhook.js';
import { AcquirerTimeoutError } from '../../../shared/adapters/connectors/policy.js';
import { AnswerMismatchError } from '../../../shared/adapters/connectors/answer-binding.js';
import { acquirerAddressRules, AcquirerUrlRefusedError } from '../../../shared/adapters/connectors/http-transport.js';
import { midCredentialsContext, type ConnectorMid } from '../../../shared/ports/connector.js';
import type { SecretBox } from '../../../shared/ports/secret-box.js';

const WEBHOOK_SECRET = 'whsec-test-secret';
const CHANNEL = 'pc_aaaaaaaaaaaaaaaaaaaaaaaaaa';
const box: SecretBox = {
  seal: async (p) => p,
  open: async (sealed, context) => {
    expect(context).toBe(midCredentialsContext('merchant-1', 'mid-1'));
    return sealed;
  },
};
const mid: ConnectorMid = {
  clientKey: 'merchant-1',
  midId: 'mid-1',
  settings: { url: 'https://api.sandbox.checkout.com/', processingChannelId: CHANNEL },
  credentials: {
    sealed: JSON.stringify({ secret_key: 'sk_sbox_1', webhook_secret: WEBHOOK_SECRET }),
    context: midCredentialsContext('merchant-1', 'mid-1'),
  },
};
const TRANS_ID = '0b5c1f1e-6f5e-4c3e-9a57-6a1f0d1f2b3c';
const PAY_ID = 'pay_mbabizu24mvu3mela5njyhpit4';
const card = { number: '4242424242424242', expMonth: '3', expYear: '30', cvv: '100', holder: 'John Smith' };
const payment = { transId: TRANS_ID, orderId: 'order-1', action: 'SALE', rrn: PAY_ID };

function fakeTransport(answers: Array<CheckoutComAnswer | Error>) {
  const sent: Array<{ url: string; call: CheckoutComCall }> = [];
  const transport: CheckoutComTransport = async (url, call) => {
    sent.push({ url, call });
    const next = answers.shift() ?? new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { sent, transport };
}

const answer = (status: number, body?: Record<string, unknown>): CheckoutComAnswer => ({ status, headers: {}, body });
const connectorWith = (answers: Array<CheckoutComAnswer | Error>) => {
  const t = fakeTransport(answers);
  return {
    ...t,
    connector: checkoutComConnector({
      credentials: box,
      transport: t.transport,
      rules: acquirerAddressRules('live'),
      publicBaseUrl: 'https://pay.example/',
    }),
  };
};
const sale = { transId: TRANS_ID, amount: 1000, currency: 'EUR', card, authorize: false, externalThreeDs: false, mid };
const approvedBody = {
  id: PAY_ID,
  action_id: 'act_1',
  amount: 1000,
  currency: 'EUR',
  approved: true,
  status: 'Captured',
  auth_code: '643381',
  response_code: '10000',
  reference: TRANS_ID,
};

describe('Checkout.com answers as outcomes', () => {
  it('approved: the payment id as rrn and the auth code; declined with the response summary and code', () => {
    expect(paymentOutcome(approvedBody)).toMatchObject({ kind: 'approved', rrn: PAY_ID, approvalCode: '643381' });
    // What the answer names, for the registry's binding check (connectors/answer-binding.ts).
    expect(paymentOutcome(approvedBody).about).toMatchObject({ pspReference: PAY_ID });
    expect(
      paymentOutcome({
        ...approvedBody,
        approved: false,
        status: 'Declined',
        response_summary: 'Insufficient Funds',
        response_code: '20051',
      }),
    ).toMatchObject({
      kind: 'declined',
      reason: 'Insufficient Funds (20051)',
      rrn: PAY_ID,
    });
    expect(paymentOutcome({ id: PAY_ID, status: 'Pending' })).toMatchObject({ kind: 'pending' });
    // A payment still at 3DS reads approved: false: undecided, never a decline.
    expect(paymentOutcome({ id: PAY_ID, status: 'Pending', approved: false })).toMatchObject({ kind: 'pending' });
  });

  it('a status it does not know is no answer', () => {
    expect(() => paymentOutcome({ id: PAY_ID, status: 'Retry Scheduled' })).toThrow(AcquirerTimeoutError);
    expect(() => paymentOutcome({ id: PAY_ID, status: 'Authorized', approved: false })).toThrow(AcquirerTimeoutError);
  });
});

describe('an answer is bound to its payment', () => {
  it('names the fields that differ; a field the answer lacks differs', () => {
    expect(answerMismatch(approvedBody, { reference: TRANS_ID, amount: 1000, currency: 'EUR', paymentId: PAY_ID })).toEqual([]);
    expect(answerMismatch({ ...approvedBody, amount: 100 }, { reference: TRANS_ID, amount: 1000, currency: 'EUR' })).toEqual(['amount']);
    expect(answerMismatch({ id: PAY_ID }, { reference: TRANS_ID, amount: 1000, currency: 'EUR', paymentId: 'pay_other' })).toEqual([
      'reference',
      'amount',
      'currency',
      'id',
    ]);
  });

  it.each([
    ['reference', { reference: 'another-payment' }],
    ['amount', { amount: 100 }],
    ['currency', { currency: 'USD' }],
  ])("an approval whose %s is another payment's is no answer (undetermined), never approved", async (_field, change) => {
    const { connector } = connectorWith([answer(201, { ...approvedBody, ...change })]);
    await expect(connector.pay(sale)).rejects.toThrow(AnswerMismatchError);
  });

  it("3DS completion asks by the payment id we stored, never by what the payer brought, and refuses another payment's answer", async () => {
    const other = connectorWith([answer(200, { ...approvedBody, amount: 100_000, status: 'Captured' })]);
    const completion = { ...sale, payment, type: '3DS' as const, payerReturn: { 'cko-session-id': 'sid_someoneelse' } };
    await expect(other.connector.completeChallenge(completion)).rejects.toThrow(AnswerMismatchError);
    expect(other.sent[0]!.url).toBe(`https://api.sandbox.checkout.com/payments/${PAY_ID}`);

    const same = connectorWith([answer(200, approvedBody)]);
    await expect(same.connector.completeChallenge(completion)).resolves.toMatchObject({
      kind: 'approved',
      rrn: PAY_ID,
      approvalCode: '643381',
    });
    const wrongId = connectorWith([answer(200, { ...approvedBody, id: 'pay_bbbbbbbbbbbbbbbbbbbbbbbbbb' })]);
    await expect(wrongId.connector.completeChallenge(completion)).rejects.toThrow(AnswerMismatchError);
  });

  it('without a stored payment id the completion waits (undetermined) and the inquiry is unknown', async () => {
    const { connector, sent } = connectorWith([]);
    const noId = { ...payment, rrn: undefined };
    await expect(connector.completeChallenge({ ...sale, payment: noId, type: '3DS' })).rejects.toThrow(CKO_NO_PAYMENT_ID);
    await expect(
      connector.inquire!({
        transId: TRANS_ID,
        attemptId: TRANS_ID,
        type: 'SALE',
        amount: 1000,
        currency: 'EUR',
        startedAt: '',
        mid,
        payment: noId,
      }),
    ).resolves.toBe('unknown');
    expect(sent).toHaveLength(0);
  });
});

describe('Checkout.com requests', () => {
  it('SALE: the card as source, capture true, our trans_id as reference and Cko-Idempotency-Key, 3DS offered, the return URL', async () => {
    const { connector, sent } = connectorWith([answer(201, approvedBody)]);
    await expect(
      connector.pay({ ...sale, payerIp: '203.0.113.9', payer: { email: 'a@b.example', firstName: 'John', lastName: 'Smith' } }),
    ).resolves.toMatchObject({ kind: 'approved' });
    expect(sent[0]!.url).toBe('https://api.sandbox.checkout.com/payments');
    expect(sent[0]!.call.headers).toEqual({ authorization: 'Bearer sk_sbox_1', 'cko-idempotency-key': TRANS_ID });
    expect(sent[0]!.call.json).toEqual({
      source: { type: 'card', number: card.number, expiry_month: 3, expiry_year: 2030, cvv: '100', name: 'John Smith' },
      amount: 1000,
      currency: 'EUR',
      reference: TRANS_ID,
      capture: true,
      processing_channel_id: CHANNEL,
      payment_type: 'Regular',
      '3ds': { enabled: true },
      success_url: `https://pay.example/providers/checkout-com/return/${TRANS_ID}`,
      failure_url: `https://pay.example/providers/checkout-com/return/${TRANS_ID}`,
      payment_ip: '203.0.113.9',
      customer: { email: 'a@b.example', name: 'John Smith' },
    });
  });

  it('AUTH: capture false; external 3DS passes the cryptogram and ECI', async () => {
    const { connector, sent } = connectorWith([answer(201, { ...approvedBody, status: 'Authorized' })]);
    await connector.pay({
      ...sale,
      authorize: true,
      externalThreeDs: true,
      authentication: { value: 'AAABBBCCC=', eci: '05', protocolVersion: '2.2.0' },
    });
    expect(sent[0]!.call.json).toMatchObject({
      capture: false,
      '3ds': { enabled: true, cryptogram: 'AAABBBCCC=', eci: '05', version: '2.2.0' },
    });
  });

  it("202 with a redirect link: the payer goes to Checkout.com's page; its payment id is kept for the completion", async () => {
    const { connector } = connectorWith([
      answer(202, {
        id: PAY_ID,
        status: 'Pending',
        reference: TRANS_ID,
        _links: { self: { href: 'https://x' }, redirect: { href: 'https://3ds.checkout.com/page' } },
      }),
    ]);
    await expect(connector.pay(sale)).resolves.toEqual({
      kind: 'challenge',
      type: '3DS',
      redirect: { url: 'https://3ds.checkout.com/page', method: 'GET', params: {} },
      acquirerRef: PAY_ID,
    });
  });

  it("a 4xx refusal declines with Checkout.com's error type and codes", async () => {
    const { connector } = connectorWith([
      answer(422, { request_id: 'r', error_type: 'request_invalid', error_codes: ['card_number_invalid'] }),
    ]);
    await expect(connector.pay(sale)).resolves.toEqual({
      kind: 'declined',
      reason: `${CKO_REQUEST_REFUSED}: request_invalid (card_number_invalid)`,
    });
  });

  it.each([409, 429, 500, 502, 302])(
    'HTTP %i (a duplicate in progress, a server error, a redirect) is undetermined, never a decline, and is not sent again',
    async (status) => {
      const { connector, sent } = connectorWith([answer(status, { error_type: 'duplicate_request' })]);
      await expect(connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
      const capture = connectorWith([answer(status, { error_type: 'duplicate_request' })]);
      await expect(capture.connector.capture({ transId: TRANS_ID, amount: 1000, currency: 'EUR', mid, payment })).rejects.toThrow(
        AcquirerTimeoutError,
      );
      expect(sent).toHaveLength(1);
      expect(capture.sent).toHaveLength(1);
    },
  );

  it('a reset after the request was written is no answer (undetermined), sent once', async () => {
    const { connector, sent } = connectorWith([Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })]);
    await expect(connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
    expect(sent).toHaveLength(1);
  });

  it('a URL the stage may not call declines before anything is sent', async () => {
    const { connector } = connectorWith([new AcquirerUrlRefusedError('not an https URL')]);
    await expect(connector.pay(sale)).resolves.toEqual({ kind: 'declined', reason: `${CKO_URL_REFUSED}: not an https URL.` });
  });

  it('follow-ups by the payment id, each with its reference as Cko-Idempotency-Key; 202 → pending', async () => {
    const accepted = answer(202, { action_id: 'act_y3oqhf46pyzuxjbcn2giaqnb44' });
    const { connector, sent } = connectorWith([accepted, accepted, accepted, accepted]);
    await expect(connector.capture({ transId: TRANS_ID, amount: 1000, currency: 'EUR', mid, payment })).resolves.toEqual({
      kind: 'pending',
    });
    await connector.refund({ transId: TRANS_ID, attemptId: 'refund-1', amount: 400, currency: 'EUR', reversal: false, mid, payment });
    await connector.refund({
      transId: TRANS_ID,
      attemptId: 'reversal-1',
      amount: 1000,
      currency: 'EUR',
      reversal: true,
      mid,
      payment: { ...payment, action: 'AUTH' },
    });
    await connector.void({ transId: TRANS_ID, amount: 1000, currency: 'EUR', mid, payment });
    expect(
      sent.map((s) => [s.url.replace('https://api.sandbox.checkout.com', ''), s.call.json, s.call.headers['cko-idempotency-key']]),
    ).toEqual([
      [`/payments/${PAY_ID}/captures`, { amount: 1000, reference: `${TRANS_ID}.capture` }, `${TRANS_ID}.capture`],
      [
        `/payments/${PAY_ID}/refunds`,
        { amount: 400, reference: followUpReference(TRANS_ID, 'refund', 'refund-1') },
        followUpReference(TRANS_ID, 'refund', 'refund-1'),
      ],
      [
        `/payments/${PAY_ID}/voids`,
        { reference: followUpReference(TRANS_ID, 'void', 'reversal-1') },
        followUpReference(TRANS_ID, 'void', 'reversal-1'),
      ],
      [`/payments/${PAY_ID}/voids`, { reference: `${TRANS_ID}.void` }, `${TRANS_ID}.void`],
    ]);
    expect(followUpReference(TRANS_ID, 'refund', 'refund-1').length).toBeLessThanOrEqual(50);
  });

  it("a follow-up's inquiry finds its action by reference; another type or amount is no answer", async () => {
    const action = {
      id: 'act_gefycn3jcvuupboxfmqrhk2aym',
      type: 'Capture',
      amount: 1000,
      approved: true,
      response_code: '10000',
      processed_on: '2026-01-01T00:00:00Z',
      reference: `${TRANS_ID}.capture`,
    };
    const ask = {
      transId: TRANS_ID,
      attemptId: 'capture-attempt',
      type: 'CAPTURE',
      amount: 1000,
      currency: 'EUR',
      startedAt: '',
      mid,
      payment,
    };
    const found = connectorWith([answer(200, { items: [action] })]);
    await expect(found.connector.inquire!(ask)).resolves.toEqual({ kind: 'approved', rrn: PAY_ID, approvalCode: '', arn: action.id });
    expect(found.sent[0]!.url).toBe(`https://api.sandbox.checkout.com/payments/${PAY_ID}/actions`);
    const none = connectorWith([answer(200, { items: [{ ...action, reference: 'other' }] })]);
    await expect(none.connector.inquire!(ask)).resolves.toBe('unknown');
    const otherAmount = connectorWith([answer(200, { items: [{ ...action, amount: 10 }] })]);
    await expect(otherAmount.connector.inquire!(ask)).rejects.toThrow(AnswerMismatchError);
  });
});

describe('Checkout.com webhooks', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment_captured',
    data: { id: PAY_ID, reference: `${TRANS_ID}.capture`, amount: 1000, currency: 'EUR' },
  });

  it('name our payment by their reference; verified by Cko-Signature (hex HMAC-SHA256 of the raw body)', async () => {
    const { connector } = connectorWith([]);
    expect(connector.notifications!.paymentOf(body)).toBe(TRANS_ID);
    expect(parseEvent(body)).toEqual({ type: 'payment_captured', paymentId: PAY_ID, reference: `${TRANS_ID}.capture` });
    const signature = eventSignature(body, WEBHOOK_SECRET);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    await expect(connector.notifications!.verify(body, { mid, payment }, signature)).resolves.toEqual({ final: true });
    await expect(connector.notifications!.verify(body, { mid, payment }, signature.toUpperCase())).resolves.toEqual({ final: true });
    // What it may report against the record: a hint, confirmed by asking Checkout.com (never for a follow-up's capture).
    const approved = JSON.stringify({ type: 'payment_approved', data: { id: PAY_ID, reference: TRANS_ID } });
    await expect(connector.notifications!.verify(approved, { mid, payment }, eventSignature(approved, WEBHOOK_SECRET))).resolves.toEqual({
      final: true,
      reports: { kind: 'approval', event: 'payment_approved' },
    });
    const refundDeclined = JSON.stringify({ type: 'payment_refund_declined', data: { id: PAY_ID, reference: `${TRANS_ID}.r.0123456789` } });
    await expect(
      connector.notifications!.verify(refundDeclined, { mid, payment }, eventSignature(refundDeclined, WEBHOOK_SECRET)),
    ).resolves.toEqual({ final: true, reports: { kind: 'refund-failure', event: 'payment_refund_declined' } });
    const pending = JSON.stringify({ type: 'payment_pending', data: { reference: TRANS_ID } });
    await expect(connector.notifications!.verify(pending, { mid, payment }, eventSignature(pending, WEBHOOK_SECRET))).resolves.toEqual({
      final: false,
    });
  });

  it('about our reversal of a late approval (trans_id.late): how it ended, as the signed event says', async () => {
    const { connector } = connectorWith([]);
    const verify = (type: string, reference: string, summary?: string) => {
      const raw = JSON.stringify({ type, data: { id: PAY_ID, reference, ...(summary ? { response_summary: summary } : {}) } });
      return connector.notifications!.verify(raw, { mid, payment }, eventSignature(raw, WEBHOOK_SECRET));
    };
    expect(await verify('payment_refunded', `${TRANS_ID}.late`)).toEqual({
      final: true,
      reversal: { ok: true, event: 'payment_refunded' },
    });
    expect(await verify('payment_voided', `${TRANS_ID}.late`)).toEqual({ final: true, reversal: { ok: true, event: 'payment_voided' } });
    expect(await verify('payment_refund_declined', `${TRANS_ID}.late`, 'Refund declined')).toEqual({
      final: true,
      reversal: { ok: false, event: 'payment_refund_declined', note: 'payment_refund_declined: Refund declined' },
    });
    expect(await verify('payment_void_declined', `${TRANS_ID}.late`)).toEqual({
      final: true,
      reversal: { ok: false, event: 'payment_void_declined' },
    });
    // Another payment's reversal, or a refund of our own: not this one.
    expect((await verify('payment_refunded', `${randomUUID()}.late`)).reversal).toBeUndefined();
    expect((await verify('payment_refund_declined', `${TRANS_ID}.r.0123456789`)).reversal).toBeUndefined();
  });

  it('a payment without a stored id is asked by the id its verified webhook names; the answer must still be ours', async () => {
    const noId = { ...payment, rrn: undefined };
    const event = JSON.stringify({ type: 'payment_captured', data: { id: PAY_ID, reference: TRANS_ID } });
    const ask = { transId: TRANS_ID, attemptId: TRANS_ID, type: 'SALE', amount: 1000, currency: 'EUR', startedAt: '', mid, payment: noId };
    const { connector, sent } = connectorWith([answer(200, approvedBody), answer(200, { ...approvedBody, reference: 'another' })]);
    // An unsigned one teaches nothing.
    await expect(connector.notifications!.verify(event, { mid, payment: noId }, 'ab')).rejects.toThrow();
    await expect(connector.inquire!(ask)).resolves.toBe('unknown');
    expect(sent).toHaveLength(0);
    await connector.notifications!.verify(event, { mid, payment: noId }, eventSignature(event, WEBHOOK_SECRET));
    await expect(connector.inquire!(ask)).resolves.toMatchObject({ kind: 'approved', rrn: PAY_ID, approvalCode: '643381' });
    expect(sent[0]!.url).toBe(`https://api.sandbox.checkout.com/payments/${PAY_ID}`);
    await expect(connector.inquire!(ask)).rejects.toThrow(AnswerMismatchError);
  });

  it('a wrong, missing or other-secret signature, or a changed body, is refused', async () => {
    const { connector } = connectorWith([]);
    const verify = (raw: string, sig?: string) => connector.notifications!.verify(raw, { mid, payment }, sig);
    await expect(verify(body)).rejects.toThrow();
    await expect(verify(body, eventSignature(body, 'another-secret'))).rejects.toThrow();
    await expect(verify(body.replace('1000', '9000'), eventSignature(body, WEBHOOK_SECRET))).rejects.toThrow();
    await expect(verify(body, 'not-hex')).rejects.toThrow();
    expect(signatureMatches(body, eventSignature(body, WEBHOOK_SECRET).slice(0, 10), WEBHOOK_SECRET)).toBe(false);
  });
});

describe("a Checkout.com MID's setup", () => {
  const rules = acquirerAddressRules('live');
  const credentials = { secret_key: 'sk_1', webhook_secret: 'w' };
  it('needs an https URL in a live stage, both keys, and a well-formed processing channel if one is given', () => {
    expect(
      checkCheckoutComSetup({ settings: { url: 'https://api.checkout.com', processingChannelId: CHANNEL }, credentials }, rules),
    ).toEqual([]);
    expect(checkCheckoutComSetup({ settings: { url: 'https://api.checkout.com' }, credentials }, rules)).toEqual([]);
    const problems = checkCheckoutComSetup(
      { settings: { url: 'http://api.checkout.com', processingChannelId: 'channel' }, credentials: {} },
      rules,
    );
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'checkout-com-url',
      'checkout-com-processing-channel',
      'checkout-com-secret-key',
      'checkout-com-webhook-secret',
    ]);
  });
});
