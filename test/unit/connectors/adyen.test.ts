/**
 * The Adyen connector's request shaping and answer mapping with an injected transport (answers Prism's examples do
 * not cover: Refused, Cancelled, Pending, native 3DS2, redirects, no answer), the webhook HMAC and the MID's setup
 * checks. The round trips against Adyen's API description are in test/integration/connectors/adyen.test.ts.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adyenConnector,
  ADYEN_NATIVE_3DS,
  ADYEN_NO_PSP_REFERENCE,
  ADYEN_REFUSED,
  ADYEN_URL_REFUSED,
  paymentOutcome,
} from '../../../shared/adapters/connectors/adyen.js';
import type { AdyenAnswer, AdyenCall, AdyenTransport } from '../../../shared/adapters/connectors/adyen-transport.js';
import { checkAdyenSetup } from '../../../shared/adapters/connectors/adyen-setup.js';
import {
  itemSignature,
  parseNotificationRequest,
  referenceParts,
  signatureMatches,
  type AdyenNotificationItem,
} from '../../../shared/protocol/providers/adyen-webhook.js';
import { AcquirerTimeoutError } from '../../../shared/adapters/connectors/policy.js';
import { acquirerAddressRules, AcquirerUrlRefusedError } from '../../../shared/adapters/connectors/http-transport.js';
import { midCredentialsContext, type ConnectorMid } from '../../../shared/ports/connector.js';
import type { SecretBox } from '../../../shared/ports/secret-box.js';

const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
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
  settings: { url: 'https://checkout-test.adyen.com/v71/', merchantAccount: 'ShopECOM' },
  credentials: { sealed: JSON.stringify({ api_key: 'key-1', hmac_key: HMAC_KEY }), context: midCredentialsContext('merchant-1', 'mid-1') },
};
const TRANS_ID = '0b5c1f1e-6f5e-4c3e-9a57-6a1f0d1f2b3c';
const card = { number: '4111111111111111', expMonth: '3', expYear: '30', cvv: '737', holder: 'John Smith' };
const payment = { transId: TRANS_ID, orderId: 'order-1', action: 'SALE', rrn: '993617895204576J' };

function fakeTransport(answers: Array<AdyenAnswer | Error>) {
  const sent: Array<{ url: string; call: AdyenCall }> = [];
  const transport: AdyenTransport = async (url, call) => {
    sent.push({ url, call });
    const next = answers.shift() ?? new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { sent, transport };
}

const ok = (body: Record<string, unknown>, status = 200): AdyenAnswer => ({ status, headers: {}, body });
const connectorWith = (answers: Array<AdyenAnswer | Error>) => {
  const t = fakeTransport(answers);
  return {
    ...t,
    connector: adyenConnector({
      credentials: box,
      transport: t.transport,
      rules: acquirerAddressRules('live'),
      publicBaseUrl: 'https://pay.example/',
    }),
  };
};
const sale = { transId: TRANS_ID, amount: 1000, currency: 'EUR', card, authorize: false, externalThreeDs: false, mid };

describe('Adyen answers as outcomes', () => {
  it('Authorised: approved with the pspReference as rrn and the authCode, naming what the answer names', () => {
    const answer = {
      resultCode: 'Authorised',
      pspReference: 'PSP1',
      merchantReference: TRANS_ID,
      amount: { value: 1000, currency: 'EUR' },
      additionalData: { authCode: '044925' },
    };
    expect(paymentOutcome(ok(answer))).toEqual({
      kind: 'approved',
      rrn: 'PSP1',
      approvalCode: '044925',
      about: { reference: TRANS_ID, pspReference: 'PSP1', amount: 1000, currency: 'EUR' },
    });
    // An answer that names nothing reports nothing (the registry then has nothing to compare, and a completion no decision).
    expect(paymentOutcome(ok({ resultCode: 'Authorised' }))).toEqual({ kind: 'approved', rrn: '', approvalCode: '' });
  });

  it("Refused, Cancelled, Error: declined with Adyen's refusalReason", () => {
    expect(paymentOutcome(ok({ resultCode: 'Refused', pspReference: 'PSP2', refusalReason: 'Not enough balance' }))).toEqual({
      kind: 'declined',
      reason: 'Not enough balance',
      rrn: 'PSP2',
      about: { pspReference: 'PSP2' },
    });
    expect(paymentOutcome(ok({ resultCode: 'Refused' }))).toEqual({ kind: 'declined', reason: ADYEN_REFUSED });
    expect(paymentOutcome(ok({ resultCode: 'Cancelled' }))).toEqual({ kind: 'declined', reason: 'Cancelled at Adyen.' });
    expect(paymentOutcome(ok({ resultCode: 'Error', refusalReason: 'Acquirer Error' }))).toMatchObject({
      kind: 'declined',
      reason: 'Acquirer Error',
    });
  });

  it('Received and Pending wait for the webhook', () => {
    expect(paymentOutcome(ok({ resultCode: 'Received' }))).toEqual({ kind: 'pending' });
    expect(paymentOutcome(ok({ resultCode: 'Pending' }))).toEqual({ kind: 'pending' });
  });

  it('RedirectShopper: the action is passed to the payer; a native 3DS2 action is not run', () => {
    expect(
      paymentOutcome(
        ok({
          resultCode: 'RedirectShopper',
          action: { type: 'redirect', method: 'POST', url: 'https://acs.example/3ds', data: { PaReq: 'p', MD: 'm' } },
        }),
      ),
    ).toEqual({
      kind: 'challenge',
      type: '3DS',
      redirect: { url: 'https://acs.example/3ds', method: 'POST', params: { PaReq: 'p', MD: 'm' } },
    });
    expect(paymentOutcome(ok({ resultCode: 'IdentifyShopper', action: { type: 'threeDS2', token: 't' } }))).toEqual({
      kind: 'declined',
      reason: ADYEN_NATIVE_3DS,
    });
  });

  it('an unknown result code is no answer; a 4xx is Adyen refusing the request', () => {
    expect(() => paymentOutcome(ok({ resultCode: 'PartiallyAuthorised' }))).toThrow(AcquirerTimeoutError);
    expect(paymentOutcome(ok({ status: 403, errorCode: '010', message: 'Not allowed' }, 403))).toEqual({
      kind: 'declined',
      reason: 'Adyen refused the request: Not allowed (010)',
    });
  });
});

describe('requests to Adyen', () => {
  it('SALE: raw card, captured at once, our returnUrl, Idempotency-Key = trans_id, the API key', async () => {
    const { connector, sent } = connectorWith([ok({ resultCode: 'Authorised', pspReference: 'PSP1' })]);
    await connector.pay({ ...sale, payer: { firstName: 'John', lastName: 'Smith', email: 'j@example.com' }, payerIp: '10.1.2.3' });
    expect(sent[0]!.url).toBe('https://checkout-test.adyen.com/v71/payments');
    expect(sent[0]!.call.headers).toEqual({ 'x-api-key': 'key-1', 'idempotency-key': TRANS_ID });
    expect(sent[0]!.call.json).toEqual({
      merchantAccount: 'ShopECOM',
      amount: { value: 1000, currency: 'EUR' },
      reference: TRANS_ID,
      paymentMethod: {
        type: 'scheme',
        number: '4111111111111111',
        expiryMonth: '03',
        expiryYear: '2030',
        cvc: '737',
        holderName: 'John Smith',
      },
      returnUrl: `https://pay.example/providers/adyen/return/${TRANS_ID}`,
      shopperInteraction: 'Ecommerce',
      captureDelayHours: 0,
      shopperIP: '10.1.2.3',
      shopperEmail: 'j@example.com',
      shopperName: { firstName: 'John', lastName: 'Smith' },
    });
  });

  it('a cascade attempt is its own payment at Adyen: reference and Idempotency-Key trans_id-aN; its 3DS completion too', async () => {
    const { connector, sent } = connectorWith([
      ok({ resultCode: 'Refused', refusalReason: 'Issuer Unavailable' }),
      ok({ resultCode: 'Authorised', pspReference: 'PSP2' }),
    ]);
    await connector.pay({ ...sale, routingAttempt: 2 });
    expect(sent[0]!.call.headers['idempotency-key']).toBe(`${TRANS_ID}-a2`);
    expect(sent[0]!.call.json).toMatchObject({
      reference: `${TRANS_ID}-a2`,
      returnUrl: `https://pay.example/providers/adyen/return/${TRANS_ID}`,
    });
    await connector.completeChallenge({
      ...sale,
      type: '3DS',
      payment: { ...payment, reference: `${TRANS_ID}-a2` },
      payerReturn: { redirectResult: 'abc' },
    });
    expect(sent[1]!.call.headers['idempotency-key']).toBe(`${TRANS_ID}-a2:details`);
    // A webhook's reference names the payment and the attempt.
    expect(referenceParts(`${TRANS_ID}-a2`)).toEqual({ transId: TRANS_ID, attempt: 2 });
    expect(referenceParts(TRANS_ID)).toEqual({ transId: TRANS_ID, attempt: 1 });
    expect(referenceParts(`${TRANS_ID}.capture`)).toEqual({ transId: TRANS_ID, attempt: 1, suffix: 'capture' });
  });

  it("AUTH: manual capture; external 3DS: mpiData and no 3DS of Adyen's; a merchant-initiated charge: ContAuth", async () => {
    const { connector, sent } = connectorWith([ok({ resultCode: 'Authorised' })]);
    await connector.pay({
      ...sale,
      authorize: true,
      externalThreeDs: true,
      authentication: { value: 'AAABBB', eci: '05', dsTransId: 'ds-1', protocolVersion: '2.2.0' },
      cardOnFile: { initiator: 'merchant', sequence: 'subsequent', source: 'schedule' },
    });
    const json = sent[0]!.call.json as Record<string, unknown>;
    expect(json).toMatchObject({
      additionalData: { manualCapture: 'true' },
      authenticationData: { attemptAuthentication: 'never' },
      mpiData: {
        cavv: 'AAABBB',
        eci: '05',
        dsTransID: 'ds-1',
        threeDSVersion: '2.2.0',
        authenticationResponse: 'Y',
        directoryResponse: 'Y',
      },
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
    });
    expect(json.captureDelayHours).toBeUndefined();
  });

  it('no answer, a redirect or a 5xx is no answer (undetermined); a URL the stage may not call declines unsent', async () => {
    await expect(connectorWith([new Error('ECONNRESET')]).connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
    await expect(connectorWith([ok({}, 307)]).connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
    await expect(connectorWith([ok({ status: 500 }, 500)]).connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
    const refused = await connectorWith([new AcquirerUrlRefusedError('not an https URL')]).connector.pay(sale);
    expect(refused).toEqual({ kind: 'declined', reason: `${ADYEN_URL_REFUSED}: not an https URL.` });
  });

  it("Adyen's 704 (the same Idempotency-Key already processed or in progress) is undetermined, never a decline", async () => {
    const busy = ok({ status: 422, errorCode: '704', message: 'request already processed or in progress', errorType: 'validation' }, 422);
    await expect(connectorWith([busy]).connector.pay(sale)).rejects.toThrow(AcquirerTimeoutError);
    await expect(
      connectorWith([busy]).connector.capture({ mid, payment, transId: TRANS_ID, amount: 500, currency: 'EUR' }),
    ).rejects.toThrow(AcquirerTimeoutError);
    await expect(
      connectorWith([busy]).connector.refund({
        mid,
        payment,
        transId: TRANS_ID,
        attemptId: 'r-1',
        amount: 500,
        currency: 'EUR',
        reversal: false,
      }),
    ).rejects.toThrow(AcquirerTimeoutError);
    // Any other 422 is Adyen refusing the request: a decline.
    const invalid = ok({ status: 422, errorCode: '101', message: 'Invalid card number', errorType: 'validation' }, 422);
    expect(await connectorWith([invalid]).connector.pay(sale)).toMatchObject({
      kind: 'declined',
      reason: 'Adyen refused the request: Invalid card number (101)',
    });
  });

  it('follow-ups by pspReference, each pending until its webhook; keys carry trans_id and action', async () => {
    const received = ok({ status: 'received', pspReference: 'MOD1' }, 201);
    const { connector, sent } = connectorWith([received, received, received, received]);
    const scoped = { mid, payment };
    expect(await connector.capture({ ...scoped, transId: TRANS_ID, amount: 500, currency: 'EUR' })).toEqual({ kind: 'pending' });
    await connector.refund({
      ...scoped,
      transId: TRANS_ID,
      attemptId: 'a1b2c3d4-0000-4000-8000-000000000001',
      amount: 200,
      currency: 'EUR',
      reversal: false,
    });
    await connector.refund({
      ...scoped,
      transId: TRANS_ID,
      attemptId: 'a1b2c3d4-0000-4000-8000-000000000002',
      amount: 1000,
      currency: 'EUR',
      reversal: true,
    });
    await connector.void({ ...scoped, transId: TRANS_ID, amount: 1000, currency: 'EUR' });
    expect(sent.map((s) => s.url.replace('https://checkout-test.adyen.com/v71', ''))).toEqual([
      '/payments/993617895204576J/captures',
      '/payments/993617895204576J/refunds',
      '/payments/993617895204576J/cancels',
      '/payments/993617895204576J/reversals',
    ]);
    const keys = sent.map((s) => s.call.headers['idempotency-key']!);
    expect(keys[0]).toBe(`${TRANS_ID}:capture`);
    expect(keys[1]).toMatch(new RegExp(`^${TRANS_ID}:refund:[0-9a-f]{16}$`));
    expect(keys[2]).toMatch(new RegExp(`^${TRANS_ID}:cancel:[0-9a-f]{16}$`));
    expect(keys[3]).toBe(`${TRANS_ID}:void`);
    for (const k of keys) expect(k.length).toBeLessThanOrEqual(64);
    expect(sent.map((s) => (s.call.json as { reference: string }).reference)).toEqual([
      `${TRANS_ID}.capture`,
      `${TRANS_ID}.a1b2c3d4-0000-4000-8000-000000000001`,
      `${TRANS_ID}.a1b2c3d4-0000-4000-8000-000000000002`,
      `${TRANS_ID}.void`,
    ]);
    expect(sent[1]!.call.json).toMatchObject({ merchantAccount: 'ShopECOM', amount: { value: 200, currency: 'EUR' } });
  });

  it("a follow-up's answer reports the payment it names (paymentPspReference), our trans_id for our reference, its amount", async () => {
    const answer = (reference: string) =>
      ok(
        {
          status: 'received',
          merchantAccount: 'ShopECOM',
          pspReference: 'MOD1',
          paymentPspReference: 'OTHERPSP',
          reference,
          amount: { value: 500, currency: 'EUR' },
        },
        201,
      );
    const { connector } = connectorWith([answer(`${TRANS_ID}.capture`), answer(`${TRANS_ID}.void`)]);
    const capture = { mid, payment, transId: TRANS_ID, amount: 500, currency: 'EUR' };
    expect(await connector.capture(capture)).toEqual({
      kind: 'pending',
      about: { reference: TRANS_ID, pspReference: 'OTHERPSP', amount: 500, currency: 'EUR' },
    });
    // A reference other than the one sent (another follow-up's) is reported as it is: never our trans_id.
    expect(await connector.capture(capture)).toMatchObject({ about: { reference: `${TRANS_ID}.void` } });
  });

  it('a follow-up of a payment without pspReference declines unsent', async () => {
    const { connector, sent } = connectorWith([]);
    expect(
      await connector.capture({ mid, payment: { ...payment, rrn: undefined }, transId: TRANS_ID, amount: 500, currency: 'EUR' }),
    ).toEqual({ kind: 'declined', reason: ADYEN_NO_PSP_REFERENCE });
    expect(sent).toHaveLength(0);
  });

  it('the 3DS completion: only what Adyen returns is passed on; nothing to pass, or Adyen refusing it, leaves the step open', async () => {
    const { connector, sent } = connectorWith([
      ok({ resultCode: 'Authorised', pspReference: 'PSP9' }),
      ok({ status: 422, message: 'Invalid redirect result' }, 422),
    ]);
    const step = { ...sale, type: '3DS' as const, payment };
    expect(await connector.completeChallenge({ ...step, payerReturn: { redirectResult: 'abc', other: 'x' } })).toMatchObject({
      kind: 'approved',
      rrn: 'PSP9',
    });
    expect(sent[0]!.call).toEqual({
      headers: { 'x-api-key': 'key-1', 'idempotency-key': `${TRANS_ID}:details` },
      json: { details: { redirectResult: 'abc' } },
    });
    await expect(connector.completeChallenge({ ...step, payerReturn: { redirectResult: 'stale' } })).rejects.toThrow(AcquirerTimeoutError);
    await expect(connector.completeChallenge(step)).rejects.toThrow(AcquirerTimeoutError);
    expect(sent).toHaveLength(2);
  });
});

describe('Adyen webhook items', () => {
  const item: AdyenNotificationItem = {
    pspReference: '7914073381342284',
    originalReference: '993617895204576J',
    merchantAccountCode: 'ShopECOM',
    merchantReference: `${TRANS_ID}.capture`,
    amount: { value: 1130, currency: 'EUR' },
    eventCode: 'CAPTURE',
    success: 'true',
  };

  it("the HMAC is Adyen's: SHA-256 over the eight fields in order, key from hex, base64", () => {
    const expected = createHmac('sha256', Buffer.from(HMAC_KEY, 'hex'))
      .update(`7914073381342284:993617895204576J:ShopECOM:${TRANS_ID}.capture:1130:EUR:CAPTURE:true`)
      .digest('base64');
    expect(itemSignature(item, HMAC_KEY)).toBe(expected);
    // A payment's own item has no originalReference: an empty field.
    const own = { ...item, originalReference: undefined, eventCode: 'AUTHORISATION' };
    expect(itemSignature(own, HMAC_KEY)).toBe(
      createHmac('sha256', Buffer.from(HMAC_KEY, 'hex'))
        .update(`7914073381342284::ShopECOM:${TRANS_ID}.capture:1130:EUR:AUTHORISATION:true`)
        .digest('base64'),
    );
  });

  it('a signature holds for its item and key only', () => {
    const signed = { ...item, additionalData: { hmacSignature: itemSignature(item, HMAC_KEY) } };
    expect(signatureMatches(signed, HMAC_KEY)).toBe(true);
    expect(signatureMatches({ ...signed, success: 'false' }, HMAC_KEY)).toBe(false);
    expect(signatureMatches({ ...signed, amount: { value: 1, currency: 'EUR' } }, HMAC_KEY)).toBe(false);
    expect(signatureMatches(signed, 'AB'.repeat(32))).toBe(false);
    expect(signatureMatches(item, HMAC_KEY)).toBe(false);
  });

  it("the connector checks the item with the MID's key and merchant account", async () => {
    const { connector } = connectorWith([]);
    const signed = { ...item, additionalData: { hmacSignature: itemSignature(item, HMAC_KEY) } };
    const scope = { mid, payment };
    expect(connector.notifications!.paymentOf(JSON.stringify(signed))).toBe(TRANS_ID);
    expect(await connector.notifications!.verify(JSON.stringify(signed), scope)).toEqual({ final: true });
    const otherAccount = { ...item, merchantAccountCode: 'OtherECOM' };
    await expect(
      connector.notifications!.verify(
        JSON.stringify({ ...otherAccount, additionalData: { hmacSignature: itemSignature(otherAccount, HMAC_KEY) } }),
        scope,
      ),
    ).rejects.toThrow('Signature is not valid.');
    await expect(connector.notifications!.verify(JSON.stringify({ ...signed, success: 'false' }), scope)).rejects.toThrow(
      'Signature is not valid.',
    );
  });

  it("reads Adyen's request; anything else is not one", () => {
    const body = JSON.stringify({
      live: 'false',
      notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature: 'x' } } }],
    });
    expect(parseNotificationRequest(body)).toMatchObject({ live: false, items: [{ eventCode: 'CAPTURE', amount: { value: 1130 } }] });
    expect(parseNotificationRequest('{"live":"true","notificationItems":[{"NotificationRequestItem":{}}]}')).toBeUndefined();
    expect(parseNotificationRequest('not json')).toBeUndefined();
    expect(
      parseNotificationRequest(
        JSON.stringify({
          live: 'true',
          notificationItems: [{ NotificationRequestItem: { ...item, amount: { value: '1130', currency: 'EUR' } } }],
        }),
      ),
    ).toBeUndefined();
    expect(referenceParts(`${TRANS_ID}.capture`)).toEqual({ transId: TRANS_ID, attempt: 1, suffix: 'capture' });
    expect(referenceParts(TRANS_ID)).toEqual({ transId: TRANS_ID, attempt: 1 });
  });
});

describe("an Adyen MID's setup", () => {
  const credentials = { api_key: 'k', hmac_key: HMAC_KEY };
  it('a live stage requires https to a public host; the keys and account are required, the HMAC key in hex', () => {
    expect(
      checkAdyenSetup(
        { settings: { url: 'https://acme-checkout-live.adyenpayments.com/checkout/v71', merchantAccount: 'A' }, credentials },
        acquirerAddressRules('live'),
      ),
    ).toEqual([]);
    expect(
      checkAdyenSetup(
        { settings: { url: 'http://checkout-test.adyen.com/v71', merchantAccount: 'A' }, credentials },
        acquirerAddressRules('live'),
      )[0],
    ).toMatch(/^adyen-url: not allowed: not an https URL/);
    expect(
      checkAdyenSetup({ settings: { url: 'http://127.0.0.1:4010', merchantAccount: 'A' }, credentials }, acquirerAddressRules('sandbox')),
    ).toEqual([]);
    expect(
      checkAdyenSetup({ settings: { url: 'https://10.0.0.1/v71', merchantAccount: 'A' }, credentials }, acquirerAddressRules('live'))[0],
    ).toMatch(/^adyen-url: not allowed/);
    expect(
      checkAdyenSetup({ settings: {}, credentials: { api_key: '', hmac_key: 'xyz' } }, acquirerAddressRules('live')).map(
        (p) => p.split(':')[0],
      ),
    ).toEqual(['adyen-url', 'adyen-merchant-account', 'adyen-api-key', 'adyen-hmac-key']);
  });
});
