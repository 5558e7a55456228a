/**
 * An example of every request and answer. Hashes are computed here with the platform's own signing code
 * (@open-payments/protocol) for the password of protocol.md's worked examples, so a reader can check their own
 * implementation against them; the console's answers are real answers recorded from a local platform
 * (console-examples.json, ids and times made fixed). test/unit/openapi/examples.test.ts validates every example
 * against its operation's schema, and fails for an operation without one.
 */
import { readFileSync } from 'node:fs';
import { transactionsCsv, type TransactionRow } from '../../shared/operations/merchant-api/transactions-report.js';
import {
  apmCallbackHash,
  apmCreditvoidHash,
  apmSaleHash,
  cardCreditHash,
  formula1,
  formula2,
  formula3,
  idHash,
  paymentAmountHash,
  paymentHash,
  recurringHash,
  sessionHash,
} from '@open-payments/protocol';

type Named = Record<string, { summary: string; value: unknown }>;
export interface OperationExamples {
  request?: Named;
  params?: Record<string, string | number>;
  response: Named;
  /** An answer of another media type than JSON (a CSV download), by type. */
  responseByType?: Record<string, Named>;
}

export const EXAMPLE_PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const CLIENT_KEY = '5b6492f0-f8f5-41ea-976a-0242c0a85007';
const TRANS = 'aaaff66a-904f-41ea-833e-0242ac1f0007';
const PAYMENT_ID = '63c781cc-de3d-41eb-a1f1-0242ac130006';
const SCHEDULE = '9d0f5cc4-f07b-41ec-abf4-0242ac120006';
const TOKEN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const EMAIL = 'doe@example.com';
const CARD = '4111111111111111';
const one = (summary: string, value: unknown): Named => ({ default: { summary, value } });

/** A path parameter's example by its name (an operation's `params` names another value). */
const PATH_EXAMPLES: Record<string, string> = {
  transId: TRANS,
  clientKey: CLIENT_KEY,
  token: TOKEN,
  scheduleId: SCHEDULE,
  recurringToken: TOKEN,
  midId: TRANS,
  keyId: 'key_5f0c2a9e8d7b6c5a4f3e2d1c',
  email: 'viewer@shop.example',
  wallet: 'applepay',
  provider: 'vcard',
  field: 'card_number',
};
const signer = { password: EXAMPLE_PASSWORD };
const NOTE = `hash computed with PASSWORD ${EXAMPLE_PASSWORD}`;

const sale = {
  action: 'SALE',
  client_key: CLIENT_KEY,
  order_id: 'ORDER-1234',
  order_amount: '10.00',
  order_currency: 'USD',
  order_description: 'Blue T-shirt',
  card_number: CARD,
  card_exp_month: '01',
  card_exp_year: '2038',
  card_cvv2: '123',
  payer_first_name: 'John',
  payer_last_name: 'Doe',
  payer_address: '1 Main St',
  payer_country: 'US',
  payer_city: 'New York',
  payer_zip: '10001',
  payer_email: EMAIL,
  payer_phone: '12125550100',
  payer_ip: '203.0.113.7',
  term_url_3ds: 'https://shop.example/3ds-return',
  hash: formula1({ email: EMAIL, password: EXAMPLE_PASSWORD, cardNumber: CARD }),
};
const answer = {
  order_id: 'ORDER-1234',
  trans_id: TRANS,
  trans_date: '2026-11-27 10:15:00',
  descriptor: 'Test Shop',
  amount: '10.00',
  currency: 'USD',
};
const byTrans = (action: string) => ({
  action,
  client_key: CLIENT_KEY,
  trans_id: TRANS,
  hash: formula2({ email: EMAIL, password: EXAMPLE_PASSWORD, transId: TRANS, cardNumber: CARD }),
});

const s2sCard: OperationExamples = {
  request: {
    sale: { summary: `SALE (${NOTE})`, value: sale },
    capture: { summary: 'CAPTURE of an AUTH (Formula 2)', value: { ...byTrans('CAPTURE'), amount: '10.00' } },
    status: { summary: 'GET_TRANS_STATUS (Formula 2)', value: byTrans('GET_TRANS_STATUS') },
    schedule: {
      summary: 'CREATE_SCHEDULE (Formula 3)',
      value: {
        action: 'CREATE_SCHEDULE',
        client_key: CLIENT_KEY,
        name: 'Monthly',
        interval_length: '1',
        interval_unit: 'month',
        payments_count: '12',
        hash: formula3({ password: EXAMPLE_PASSWORD }),
      },
    },
  },
  response: {
    settled: { summary: 'SALE approved', value: { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', ...answer } },
    declined: {
      summary: 'SALE declined',
      value: { action: 'SALE', result: 'DECLINED', status: 'DECLINED', ...answer, decline_reason: 'Declined by issuer' },
    },
    threeDs: {
      summary: 'SALE needs 3DS: send the payer to redirect_url',
      value: {
        action: 'SALE',
        result: 'REDIRECT',
        status: '3DS',
        ...answer,
        redirect_url: `http://127.0.0.1:3000/3ds/${TRANS}`,
        redirect_method: 'GET',
        redirect_params: {},
      },
    },
    status: {
      summary: 'GET_TRANS_STATUS',
      value: { action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-1234', trans_id: TRANS },
    },
    schedule: { summary: 'CREATE_SCHEDULE', value: { action: 'CREATE_SCHEDULE', result: 'SUCCESS', schedule_id: SCHEDULE } },
  },
};

const apmSale = {
  action: 'SALE',
  client_key: CLIENT_KEY,
  brand: 'vcard',
  order_id: 'ORDER12345',
  order_amount: '1.99',
  order_currency: 'USD',
  order_description: 'Voucher',
  identifier: 'success@gmail.com',
  payer_ip: '203.0.113.7',
  return_url: 'https://shop.example/return',
  hash: apmSaleHash({
    identifier: 'success@gmail.com',
    orderId: 'ORDER12345',
    orderAmount: '1.99',
    orderCurrency: 'USD',
    password: EXAMPLE_PASSWORD,
  }),
};
const APM_SETTLED = {
  action: 'SALE',
  result: 'SUCCESS',
  status: 'SETTLED',
  order_id: 'ORDER12345',
  trans_id: TRANS,
  trans_date: '2026-11-27 10:15:00',
  descriptor: 'Test Shop',
  amount: '1.99',
  currency: 'USD',
};
const s2sApm: OperationExamples = {
  request: {
    sale: { summary: `SALE with the sandbox brand vcard (${NOTE})`, value: apmSale },
    creditvoid: {
      summary: 'CREDITVOID (refund)',
      value: {
        action: 'CREDITVOID',
        client_key: CLIENT_KEY,
        trans_id: TRANS,
        amount: '1.00',
        hash: apmCreditvoidHash({ transId: TRANS, password: EXAMPLE_PASSWORD }),
      },
    },
  },
  response: {
    settled: { summary: 'SALE approved', value: APM_SETTLED },
    redirect: {
      summary: 'SALE waits for the payer at the method',
      value: {
        ...APM_SETTLED,
        result: 'REDIRECT',
        status: 'REDIRECT',
        redirect_url: `http://127.0.0.1:3000/apm/${TRANS}`,
        redirect_method: 'GET',
        redirect_params: {},
      },
    },
  },
};

const order = { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' };
const checkoutOrder = { number: 'order-1234', amount: '10.00', currency: 'USD', description: 'Blue T-shirt' };
const sessionRequest = {
  merchant_key: CLIENT_KEY,
  operation: 'purchase',
  order,
  success_url: 'https://shop.example/success',
  cancel_url: 'https://shop.example/cancel',
  customer: { name: 'John Doe', email: EMAIL },
  hash: sessionHash(signer, order),
};
const accepted = one('Accepted: the outcome follows in the callback', { payment_id: PAYMENT_ID, result: 'accepted' });

const checkout: Record<string, OperationExamples> = {
  '/api/v1/session': {
    request: one(`A purchase (${NOTE}: protocol.md's session vector)`, sessionRequest),
    response: one('The hosted payment page', { redirect_url: `http://127.0.0.1:3000/checkout/${PAYMENT_ID}` }),
  },
  '/api/v1/payment/status': {
    request: one('By payment_id', { merchant_key: CLIENT_KEY, payment_id: PAYMENT_ID, hash: idHash(signer, PAYMENT_ID) }),
    response: one('Settled', {
      payment_id: PAYMENT_ID,
      date: '2026-11-27 10:15:00',
      status: 'settled',
      order: checkoutOrder,
      customer: { name: 'John Doe', email: EMAIL },
      card: '411111****1111',
      card_expiration_date: '01/2038',
    }),
  },
  '/api/v1/payment/refund': {
    request: one('A partial refund', {
      merchant_key: CLIENT_KEY,
      payment_id: PAYMENT_ID,
      amount: '0.10',
      hash: paymentAmountHash(signer, PAYMENT_ID, '0.10'),
    }),
    response: accepted,
  },
  '/api/v1/payment/capture': {
    request: one('Capture of a held payment', {
      merchant_key: CLIENT_KEY,
      payment_id: PAYMENT_ID,
      amount: '10.00',
      hash: paymentAmountHash(signer, PAYMENT_ID, '10.00'),
    }),
    response: accepted,
  },
  '/api/v1/payment/retry': {
    request: one('Retry a soft decline', { merchant_key: CLIENT_KEY, payment_id: PAYMENT_ID, hash: idHash(signer, PAYMENT_ID) }),
    response: accepted,
  },
  '/api/v1/payment/void': {
    request: one("Void today's payment", { merchant_key: CLIENT_KEY, payment_id: PAYMENT_ID, hash: idHash(signer, PAYMENT_ID) }),
    response: one('Voided', {
      status: 'SUCCESS',
      payment_status: 'void',
      payment_id: PAYMENT_ID,
      date: '2026-11-27 10:16:00',
      order: checkoutOrder,
    }),
  },
  '/api/v1/payment/recurring': {
    request: one('Charge the saved card again', {
      merchant_key: CLIENT_KEY,
      recurring_init_trans_id: PAYMENT_ID,
      recurring_token: TOKEN,
      order: { number: 'order-1235', amount: '10.00', description: 'Renewal' },
      hash: recurringHash(signer, { initTransId: PAYMENT_ID, token: TOKEN, number: 'order-1235', amount: '10.00', description: 'Renewal' }),
    }),
    response: one('Settled', {
      status: 'settled',
      payment_id: TRANS,
      date: '2026-11-27 10:15:00',
      order: { ...checkoutOrder, number: 'order-1235', description: 'Renewal' },
    }),
  },
  '/api/v1/payment/card/credit': {
    request: one('A payout to a saved card', {
      merchant_key: CLIENT_KEY,
      order_id: 'payout-1',
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Winnings',
      card_token: TOKEN,
      hash: cardCreditHash(signer, { orderId: 'payout-1', amount: '5.00', currency: 'USD', description: 'Winnings' }),
    }),
    response: one('The payout page', { redirect_url: `http://127.0.0.1:3000/checkout/${PAYMENT_ID}` }),
  },
};

const hostedPayment: OperationExamples = {
  request: one('Pay with the card in the hosted fields', {
    name: 'John Doe',
    with_hosted_fields: true,
    email: EMAIL,
    billing_address: { country: 'US', city: 'New York', address: '1 Main St', zip: '10001' },
    browser_info: {
      color_depth: 24,
      java_enabled: false,
      java_script_enabled: true,
      language: 'en-US',
      screen_height: 1080,
      screen_width: 1920,
      time_zone_offset: 0,
      user_agent: 'Mozilla/5.0',
    },
  }),
  response: {
    success: { summary: 'Paid', value: { result: 'success', public_id: PAYMENT_ID, amount: '10.00', currency: 'USD' } },
    redirect: {
      summary: '3DS: send the payer there',
      value: {
        result: 'redirect',
        public_id: PAYMENT_ID,
        redirect_url: `http://127.0.0.1:3000/hosted-fields/3ds/${PAYMENT_ID}`,
        redirect_params: [],
      },
    },
  },
};

const consoleRecorded = JSON.parse(readFileSync(new URL('./console-examples.json', import.meta.url), 'utf8')) as Record<
  string,
  { status: number; body: unknown }
>;
const CONSOLE_REQUESTS: Record<string, { request?: unknown; params?: Record<string, string> }> = {
  ConsoleSignIn: { request: { email: 'admin@shop.example', password: 'Correct-Horse-42' } },
  ConsoleSignInChallenge: { request: { pending: 'uQ84kNIrO2gP62C0KGGMgMXi1XjcgnCt', new_password: 'Correct-Horse-42' } },
  ConsoleSignOut: { request: {} },
  ConsoleMerchantCreate: { request: { name: 'Doc Shop' } },
  ConsoleMerchantSettings: {
    request: { notification_url: 'https://shop.example/callbacks', mappings: { payer: true } },
  },
  ConsoleMerchantPassword: { request: {} },
  ConsoleMerchantSigningSecret: { request: { rotate: true } },
  ConsoleApiKeyCreate: { request: { read_only: true } },
  ConsoleApiKeyRevoke: { request: {} },
  ConsoleMidCreate: { request: { payment_mode: 'SMS' } },
  ConsoleRoutingReplace: {
    request: {
      expected_version: 0,
      routing: {
        maxAttempts: 2,
        rules: [
          { name: 'euro cards', match: { currencies: ['EUR'] }, mids: [{ midId: 'aaaff66a-904f-41ea-833e-0242ac1f0007', weight: 100 }] },
        ],
      },
    },
  },
  ConsoleMidLimits: {
    request: { min_amount: '1.00', max_amount: '5000.00', daily_cap: '100000.00' },
  },
  ConsoleRiskBlockAdd: { request: { client_key: CLIENT_KEY, type: 'ip', value: '203.0.113.0/24', reason: 'card testing' } },
  ConsoleRiskBlockRemove: {
    request: {},
    params: { id: 'WyI1YjY0OTJmMC1mOGY1LTQxZWEtOTc2YS0wMjQyYzBhODUwMDciLCJpcCIsIjIwMy4wLjExMy4wLzI0Il0' },
  },
  ConsoleRiskRulesReplace: {
    request: {
      client_key: CLIENT_KEY,
      risk_rules: {
        rules: [{ name: 'large foreign tickets', match: { minAmount: 100000, payerCountries: ['NG', 'GH'] }, action: 'challenge' }],
      },
    },
  },
  ConsoleRiskSettingsReplace: { request: { client_key: CLIENT_KEY, settings: { ipDeclinedCards: 3, cooldownSeconds: 21600 } } },
  ConsoleWalletConfigure: {
    request: {
      environment: 'TEST',
      merchant_identifier: 'merchant.example.doc',
      private_key: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n',
    },
  },
  ConsolePaymentAction: {
    request: { idempotency_key: 'e3c1a5b8-2b7d-4d0e-9a61-0f1d2c3b4a59', amount: '1.00' },
    params: { action: 'refund' },
  },
  ConsoleCallbackReplay: { request: { trans_id: TRANS, callback: 1 } },
  ConsoleCallbacksReplayFailed: { request: { client_key: CLIENT_KEY } },
  ConsoleChargebackOpen: { request: { trans_id: TRANS, amount: '10.00', reason_code: '4837' } },
  ConsoleReconciliationInquire: { request: {} },
  ConsoleScheduleAction: { request: {}, params: { action: 'pause' } },
  ConsoleSubscriptionAction: { request: {}, params: { action: 'pause' } },
  ConsoleUserInvite: { request: { email: 'viewer@shop.example', role: 'merchant-viewer', client_key: CLIENT_KEY } },
  ConsoleUserAccess: { request: {}, params: { action: 'disable' } },
  ConsoleFeesReplace: {
    request: {
      client_key: CLIENT_KEY,
      fees: {
        rules: [
          { action: 'capture', method: 'visa', currency: 'USD', percent: '2.9', fixed: '0.30' },
          { action: 'refund', currency: 'USD', fixed: '0.15' },
        ],
        reserve: { percent: '10', days: 90 },
      },
    },
  },
};

function consoleExamples(): Record<string, OperationExamples> {
  const out: Record<string, OperationExamples> = {};
  for (const [id, recorded] of Object.entries(consoleRecorded)) {
    const r = CONSOLE_REQUESTS[id] ?? {};
    out[id] = {
      ...(r.request !== undefined ? { request: one("As the console's page sends it", r.request) } : {}),
      ...(r.params ? { params: r.params } : {}),
      response: one('Recorded from a local platform', recorded.body),
    };
  }
  return out;
}

const html = (summary: string): Named =>
  one(summary, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>…</title></head><body>…</body></html>');
const page = (summary: string, request?: unknown, params?: Record<string, string>): OperationExamples => ({
  response: html(summary),
  ...(params ? { params } : {}),
  ...(request !== undefined ? { request: one('What the page submits', request) } : {}),
});

const PAGES: Record<string, OperationExamples> = {
  Health: { response: one('Healthy', { status: 'ok', stage: 'local', table: 'ACTIVE' }) },
  OpenApiDocument: {
    response: one('This document', { openapi: '3.1.0', info: { title: 'Open Payments Platform API', version: '0.1.0' }, paths: {} }),
  },
  ApiDocs: { response: html('The rendered reference') },
  ApiDocsRenderer: { response: one('The Redoc script', 'export{RedocStandalone,hydrate,init};') },
  ThreeDsPage: page('The 3DS page'),
  ThreeDsPagePost: page('The 3DS page', {}),
  ThreeDsComplete: page('Back to term_url_3ds', { decision: 'approve' }),
  S2sApmMethodPage: page('The method page'),
  S2sApmMethodPagePost: page('Back to return_url', { decision: 'approve' }),
  CheckoutPage: page('The payment page'),
  CheckoutPay: page('The 3DS step, or back to success_url', { card_number: CARD, expiry: '01/38', cvv: '123', holder: 'JOHN DOE' }),
  CheckoutThreeDs: page('Back to success_url', { decision: 'approve' }),
  CheckoutCancel: page('Back to cancel_url', {}),
  HostedFieldsSdk: { response: one('The client library', '(function(){ /* PaymentPlatform.hostedFields */ })();') },
  HostedFieldsFrame: page('One field'),
  HostedFieldsCardData: {
    request: one('The card-number iframe submits', { card_number: CARD, expiry: '01/38', cvv: '123' }),
    response: one('Kept for the payment call', { result: 'success', message: '' }),
  },
  HostedFieldsThreeDsPage: page('The 3DS page', undefined, { transId: PAYMENT_ID }),
  HostedFieldsThreeDsSubmit: page('Back to return_url', { decision: 'approve' }, { transId: PAYMENT_ID }),
  HostedFieldsDemo: page('The demo page'),
  ProviderNotification: {
    request: one('The provider reports the outcome', { reference: TRANS, status: 'approved' }),
    response: one('Applied', { result: 'OK', effect: 'applied' }),
  },
  AdyenNotifications: {
    request: one('Adyen standard webhook', {
      live: 'false',
      notificationItems: [
        {
          NotificationRequestItem: {
            eventCode: 'AUTHORISATION',
            success: 'true',
            merchantReference: TRANS,
            pspReference: '8816178914235',
            additionalData: { hmacSignature: '…' },
          },
        },
      ],
    }),
    response: one('Acknowledged', '[accepted]'),
  },
  CheckoutComNotifications: {
    request: one('Checkout.com webhook', {
      id: 'evt_az5sblvku4ge3dwpztvyizgcau',
      type: 'payment_captured',
      created_on: '2026-01-01T10:00:00Z',
      data: { id: 'pay_mbabizu24mvu3mela5njyhpit4', reference: `${TRANS}.capture`, amount: 1000, currency: 'EUR' },
    }),
    response: one('Applied', { result: 'OK', effect: 'applied' }),
  },
  CheckoutComReturn: page('Back to the merchant'),
  AdyenReturn: page('Back to the merchant'),
  AdyenReturnPost: page('Back to the merchant', { redirectResult: '…' }),
};

const SETTLEMENT = {
  id: `${CLIENT_KEY}_2026-11-27_USD`,
  date: '2026-11-27',
  currency: 'USD',
  gross: 1600,
  refunds: 300,
  chargebacks: 500,
  chargebacks_reversed: 0,
  payouts: 0,
  fees: 1621,
  net: -821,
  reserve_held: 0,
  reserve_released: 0,
  net_payable: -821,
  journals: 4,
  closed_at: '2026-11-28T00:05:12.000Z',
};
const REPORT_ROWS: TransactionRow[] = [
  {
    trans_id: TRANS,
    entry_id: 'e1',
    event: 'SALE',
    kind: 'capture',
    currency: 'USD',
    amount: 1000,
    fee: 59,
    net: 941,
    mid_id: 'mid-1',
    occurred_at: '2026-11-27T10:15:00.000Z',
    journaled_at: '2026-11-27T10:15:02.000Z',
    settlement_id: SETTLEMENT.id,
    settlement_status: 'closed',
  },
  {
    trans_id: TRANS,
    entry_id: 'e2',
    event: 'REFUND',
    kind: 'refund',
    currency: 'USD',
    amount: 300,
    fee: 15,
    net: -315,
    mid_id: 'mid-1',
    occurred_at: '2026-11-27T10:20:00.000Z',
    journaled_at: '2026-11-27T10:20:03.000Z',
    settlement_id: SETTLEMENT.id,
    settlement_status: 'closed',
  },
];
/** As the report's CSV writer prints them. */
const REPORT_CSV = transactionsCsv({ transactions: REPORT_ROWS, next_cursor: null });
const BALANCE = { currency: 'USD', payable: 71221, reserve: 7913, journals: 412 };
const CLOCK = {
  client_key: CLIENT_KEY,
  now: '2026-12-11T10:15:00.000Z',
  real_now: '2026-11-27T10:15:00.000Z',
  offset_ms: 1209600000,
  offset: '14d',
};

const MERCHANT_API: Record<string, OperationExamples> = {
  MerchantPayment: {
    response: one('A settled SALE, part refunded', {
      trans_id: TRANS,
      order_id: 'order-1234',
      action: 'SALE',
      status: 'SETTLED',
      amount: '10.00',
      captured_amount: '10.00',
      refunded_amount: '3.00',
      currency: 'USD',
      card: '411111****1111',
      decline_reason: null,
      created_at: '2026-11-27T10:15:00.000Z',
      updated_at: '2026-11-27T10:20:00.000Z',
      transactions: [
        { type: 'SALE', status: 'success', amount: '10.00', date: '2026-11-27T10:15:00.000Z', decline_reason: null },
        { type: 'CREDITVOID', status: 'success', amount: '3.00', date: '2026-11-27T10:20:00.000Z', decline_reason: null },
      ],
    }),
  },
  MerchantCallbacks: {
    params: { since: '2026-11-27T00:00:00Z', limit: 50 },
    response: one('Your delivery log', {
      callbacks: [
        {
          event_id: '6b0e9a1c-8cf2-4ba3-973a-845e569ff99c',
          trans_id: TRANS,
          seq: 1,
          type: 'SALE',
          status: 'SETTLED',
          url: 'https://shop.example/callbacks',
          delivery: 'DELIVERED',
          attempts: 1,
          last_answer: { at: '2026-11-27T10:15:01.000Z', http_status: 200, error: null, latency_ms: 42 },
          created_at: '2026-11-27T10:15:00.000Z',
          next_attempt_at: null,
          delivered_at: '2026-11-27T10:15:01.000Z',
          failed_at: null,
        },
      ],
    }),
  },
  MerchantCallbacksNext: {
    params: { after: 'eyJ0IjoiMjAyNi0xMS0yN1QxMDoxNTowMFoifQ', wait: 20, limit: 100 },
    response: one('One new attempt, and the next cursor', {
      events: [
        {
          event_id: '6b0e9a1c-8cf2-4ba3-973a-845e569ff99c',
          trans_id: TRANS,
          seq: 1,
          attempt: 1,
          at: '2026-11-27T10:15:01.000Z',
          outcome: 'DELIVERED',
          http_status: 200,
          error: null,
          latency_ms: 42,
          type: 'SALE',
          status: 'SETTLED',
          request: {
            url: 'https://shop.example/callbacks',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'X-Callback-Event-Id': '6b0e9a1c-8cf2-4ba3-973a-845e569ff99c',
              'X-Callback-Signature': 't=1795774501,v1=5f2c…',
            },
            body: 'action=SALE&result=SUCCESS&status=SETTLED&…',
          },
        },
      ],
      cursor: 'eyJ0IjoiMjAyNi0xMS0yN1QxMDoxNTowMVoifQ',
    }),
  },
  MerchantBalance: {
    response: one('What the platform owes you', { balances: [BALANCE] }),
  },
  MerchantSettlements: {
    params: { limit: 30, cursor: 'eyJwayI6IlNFVFRMRU1FTlRTIzViNjQ5MmYwIn0' },
    response: one('Your batches, newest first', { settlements: [SETTLEMENT], next_cursor: null }),
  },
  MerchantSettlement: { params: { id: SETTLEMENT.id }, response: one('One day in USD', SETTLEMENT) },
  MerchantTransactionsReport: {
    params: {
      from: '2026-11-27T00:00:00Z',
      to: '2026-11-28T00:00:00Z',
      format: 'json',
      limit: 500,
      cursor: 'eyJnc2kxcGsiOiJKT1VSTkFMUyM1YjY0OTJmMCJ9',
    },
    response: one('A SALE with its fee, and its refund', { transactions: [REPORT_ROWS[0], REPORT_ROWS[1]], next_cursor: null }),
    responseByType: {
      'text/csv': one('The same rows as CSV', REPORT_CSV),
    },
  },
  MerchantClock: {
    response: one('Moved 14 days ahead', CLOCK),
  },
  MerchantClockMove: {
    request: {
      advance: { summary: 'Two weeks ahead', value: { advance_by: '14d' } },
      reset: { summary: 'Back to real time', value: { reset: true } },
    },
    response: one('The clock after the move', CLOCK),
  },
};

/** The console's books (the same batches and rows as the merchant API's above). */
const CONSOLE_BOOKS: Record<string, OperationExamples> = {
  ConsoleBooksBalances: {
    response: one('What the platform owes the merchant', { clientKey: CLIENT_KEY, balances: [BALANCE] }),
  },
  ConsoleBooksSettlements: { response: one('Its batches, newest first', { settlements: [SETTLEMENT] }) },
  ConsoleBooksSettlement: { params: { id: SETTLEMENT.id }, response: one('One day in USD', { settlement: SETTLEMENT }) },
  ConsoleBooksTransactions: {
    response: one('A SALE with its fee, and its refund', REPORT_CSV),
  },
  ConsoleBooksPlatform: {
    response: one('Fee revenue and payables', {
      currencies: [{ currency: 'USD', feeRevenue: 1621, payable: 70400, reserve: 7913, journals: 416 }],
      merchants: [
        {
          clientKey: CLIENT_KEY,
          name: 'Doc Shop',
          balances: [{ currency: 'USD', payable: 70400, reserve: 7913, fees: 1621, journals: 416 }],
        },
      ],
    }),
  },
};

/** Every operation's examples, by operationId. */
export function operationExamples(): Record<string, OperationExamples> {
  const out: Record<string, OperationExamples> = { ...PAGES, ...MERCHANT_API, ...CONSOLE_BOOKS, ...consoleExamples() };
  out.S2sCardPost = s2sCard;
  out.S2sCardPostV2 = s2sCard;
  out.S2sApmPost = s2sApm;
  out.HostedFieldsPurchase = hostedPayment;
  out.HostedFieldsDebit = hostedPayment;
  out.HostedFieldsSessionToken = {
    request: one('A hosted-fields session', {
      ...sessionRequest,
      success_url: undefined,
      cancel_url: undefined,
      return_url: 'https://shop.example/return',
    }),
    response: one('The session Token', { token: TOKEN }),
  };
  out.HostedFieldsSessionUpdate = {
    request: one('A new amount', { order_amount: '12.00', order_currency: 'USD' }),
    response: one('Updated', { result: 'success' }),
  };
  for (const [path, ex] of Object.entries(checkout)) out[`path:${path}`] = ex;
  return JSON.parse(JSON.stringify(out)) as Record<string, OperationExamples>; // drops undefined fields
}

/** The callbacks: one signed example each. */
export function webhookExamples(): Record<string, Named> {
  const checkoutFields = {
    id: PAYMENT_ID,
    order_number: checkoutOrder.number,
    order_amount: checkoutOrder.amount,
    order_currency: checkoutOrder.currency,
    order_description: checkoutOrder.description,
    order_status: 'settled',
    type: 'sale',
    status: 'success',
    card: '411111****1111',
    card_expiration_date: '01/2038',
    customer_name: 'John Doe',
    customer_email: EMAIL,
    date: '2026-11-27 10:15:00',
  };
  const card = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', ...answer, card: '411111****1111', card_expiration_date: '01/2038' };
  const apm = { ...APM_SETTLED, brand: 'vcard' };
  return {
    checkoutCallback: one(NOTE, { ...checkoutFields, hash: paymentHash(signer, PAYMENT_ID, checkoutOrder) }),
    s2sCardCallback: one(`${NOTE}; payer_email ${EMAIL}`, {
      ...card,
      hash: formula2({ email: EMAIL, password: EXAMPLE_PASSWORD, transId: TRANS, cardNumber: '411111****1111' }),
    }),
    s2sApmCallback: one(NOTE, { ...apm, hash: apmCallbackHash(apm, EXAMPLE_PASSWORD) }),
  };
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Array<Record<string, unknown>>;
        requestBody?: { content: Record<string, Record<string, unknown>> };
        responses: Record<string, { content?: Record<string, Record<string, unknown>> }>;
      }
    >
  >;
  webhooks: Record<string, Record<string, { requestBody?: { content: Record<string, Record<string, unknown>> } }>>;
};

/** Puts the examples in place: media types get `examples`, parameters `example`. An operation without any is left bare (the test names it). */
export function applyExamples(built: { paths: object; webhooks: object }): void {
  const doc = built as Doc; // every operation the document builds has an operationId and responses
  const all = operationExamples();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const op of Object.values(methods)) {
      const ex = all[op.operationId] ?? all[`path:${path}`];
      if (!ex) continue;
      for (const media of Object.values(op.requestBody?.content ?? {})) if (ex.request) media.examples = ex.request;
      for (const p of op.parameters ?? []) {
        const example = ex.params?.[p.name as string] ?? (p.in === 'path' ? PATH_EXAMPLES[p.name as string] : undefined);
        if (example !== undefined) p.example = example;
      }
      for (const [status, res] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries(res.content ?? {})) media.examples = ex.responseByType?.[type] ?? ex.response;
      }
    }
  }
  const hooks = webhookExamples();
  for (const [name, hook] of Object.entries(doc.webhooks)) {
    for (const op of Object.values(hook))
      for (const media of Object.values(op.requestBody?.content ?? {})) if (hooks[name]) media.examples = hooks[name];
  }
}
