/** Checkout's merchant APIs (JSON, merchant_key + the §2.3 hash) and hosted fields' session-token call, which shares them. */
import fc from 'fast-check';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import type { FuzzFixtures } from '../fixtures.js';
import { bodyRequest, jsonValues, type Fields } from '../bodies.js';
import { hs, orderId, signedVariants, type FuzzTarget } from '../target.js';

interface ApiSpec {
  path: string;
  group: string;
  template(fx: FuzzFixtures): fc.Arbitrary<Fields>;
  /** The body fields the hash covers, in order. */
  hashed(f: Fields): unknown[];
}

const order = (f: Fields) => (f.order && typeof f.order === 'object' ? (f.order as Fields) : {});
const session = (extra: Fields) => (fx: FuzzFixtures) =>
  fc.tuple(orderId, fc.constantFrom('purchase', 'debit', 'transfer'), fc.boolean()).map(([o, op, recurring]) => ({
    merchant_key: fx.clientKey,
    operation: op,
    methods: ['card', 'vcard'],
    session_expiry: 60,
    url_target: '_top',
    req_token: recurring,
    recurring_init: recurring,
    card_token: [fx.sale.cardToken],
    order: { number: o, amount: '10.00', currency: 'USD', description: 'Fuzz order' },
    customer: { name: 'John Doe', email: 'doe@example.com', birth_date: '1990-01-31', ip: '203.0.113.7' },
    billing_address: { country: 'US', state: 'CA', city: 'LA', address: 'Street 1', zip: '12345', phone: '347771112233' },
    custom_data: { k: 'v' },
    parameters: { vcard: { x: '1' } },
    ...extra,
  }));
const orderHash = (f: Fields) => [order(f).number, order(f).amount, order(f).currency, order(f).description];
const paymentIds = (fx: FuzzFixtures) => fc.constantFrom(fx.paymentId, fx.sale.transId, '00000000-0000-4000-8000-000000000000');

const APIS: ApiSpec[] = [
  {
    path: '/api/v1/session',
    group: 'checkout-api',
    template: session({ success_url: 'https://shop.example/s', cancel_url: 'https://shop.example/c', error_url: 'https://shop.example/e' }),
    hashed: orderHash,
  },
  { path: '/api/v1/session/token', group: 'hosted-fields', template: session({ return_url: 'https://shop.example/r' }), hashed: orderHash },
  {
    path: '/api/v1/payment/status',
    group: 'checkout-api',
    template: (fx) =>
      fc.oneof(
        paymentIds(fx).map((p) => ({ merchant_key: fx.clientKey, payment_id: p })),
        fc.constantFrom('no-order', 'x').map((o) => ({ merchant_key: fx.clientKey, order_id: o, size: 5 })),
      ),
    hashed: (f) => [f.payment_id ?? f.order_id],
  },
  ...['refund', 'capture'].map((op): ApiSpec => ({
    path: `/api/v1/payment/${op}`,
    group: 'checkout-api',
    template: (fx) => paymentIds(fx).map((p) => ({ merchant_key: fx.clientKey, payment_id: p, amount: '1.00' })),
    hashed: (f) => [f.payment_id, f.amount],
  })),
  ...['void', 'retry'].map((op): ApiSpec => ({
    path: `/api/v1/payment/${op}`,
    group: 'checkout-api',
    template: (fx) => paymentIds(fx).map((p) => ({ merchant_key: fx.clientKey, payment_id: p })),
    hashed: (f) => [f.payment_id],
  })),
  {
    path: '/api/v1/payment/recurring',
    group: 'checkout-api',
    template: (fx) =>
      fc.tuple(paymentIds(fx), orderId).map(([p, o]) => ({
        merchant_key: fx.clientKey,
        recurring_init_trans_id: p,
        recurring_token: fx.sale.recurringToken,
        order: { number: o, amount: '5.00', description: 'Monthly' },
        custom_data: { a: 'b' },
      })),
    hashed: (f) => [f.recurring_init_trans_id, f.recurring_token, order(f).number, order(f).amount, order(f).description],
  },
  {
    path: '/api/v1/payment/card/credit',
    group: 'checkout-api',
    template: (fx) =>
      orderId.map((o) => ({
        merchant_key: fx.clientKey,
        order_id: o,
        order_amount: '5.00',
        order_currency: 'USD',
        order_description: 'Winnings',
        card_token: fx.sale.cardToken,
        payee_first_name: 'Jane',
        payee_last_name: 'Roe',
        success_url: 'https://shop.example/s',
      })),
    hashed: (f) => [f.order_id, f.order_amount, f.order_currency, f.order_description],
  },
];

export const checkoutApiTargets: FuzzTarget[] = APIS.map((api) => ({
  name: `POST ${api.path}`,
  route: `POST ${api.path}`,
  group: api.group,
  family: 'checkout-api',
  requests: (fx) =>
    bodyRequest({
      method: 'POST',
      path: api.path,
      kind: 'json',
      fields: signedVariants(
        api.template(fx),
        (f) => ({
          ...f,
          hash: checkoutHash(
            api.hashed(f).map((v) => (v === undefined ? undefined : hs(v))),
            fx.password,
          ),
        }),
        jsonValues,
      ),
    }),
}));
