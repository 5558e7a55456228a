/** S2S APM (/post-va): one target per action, signed with the APM formulas (§2.2). */
import fc from 'fast-check';
import { apmCredit2VirtualHash, apmCreditvoidHash, apmSaleHash, apmTransIdHash } from '../../../shared/protocol/signature.js';
import type { FuzzFixtures } from '../fixtures.js';
import { bodyRequest, formValues, type Fields } from '../bodies.js';
import { hs, orderId, signedVariants, type FuzzTarget } from '../target.js';

interface ActionSpec {
  template(fx: FuzzFixtures): fc.Arbitrary<Fields>;
  sign(f: Fields, fx: FuzzFixtures): string;
}

const identifiers = fc.constantFrom('success@gmail.com', 'fail@gmail.com', 'redirect@gmail.com', 'redirect-fail@gmail.com');

function payment(action: string): ActionSpec {
  return {
    template: (fx) =>
      fc.tuple(orderId, identifiers, fc.constantFrom('Y', undefined)).map(([o, id, auth]) => ({
        action,
        client_key: fx.clientKey,
        brand: 'vcard',
        order_id: o,
        order_amount: '10.00',
        order_currency: 'USD',
        order_description: 'APM',
        identifier: id,
        payer_ip: '203.0.113.7',
        return_url: 'https://shop.example/return',
        payer_email: 'doe@example.com',
        custom_data: { k: 'v' },
        parameters: { p: '1' },
        ...(auth ? { auth } : {}),
      })),
    sign: (f, fx) =>
      apmSaleHash({
        identifier: hs(f.identifier),
        orderId: hs(f.order_id),
        orderAmount: hs(f.order_amount),
        orderCurrency: hs(f.order_currency),
        password: fx.password,
      }),
  };
}

function byTransId(action: string): ActionSpec {
  return {
    template: (fx) =>
      fc
        .tuple(
          fc.constantFrom(fx.apmTransId, fx.apmRedirect.transId, fx.sale.transId, '00000000-0000-4000-8000-000000000000'),
          fc.constantFrom('1.00', undefined),
        )
        .map(([t, amount]) => ({
          action,
          client_key: fx.clientKey,
          trans_id: t,
          ...(amount ? { amount } : {}),
        })),
    sign: (f, fx) => (action === 'CREDITVOID' ? apmCreditvoidHash : apmTransIdHash)({ transId: hs(f.trans_id), password: fx.password }),
  };
}

export const S2S_APM_SPECS: Record<string, ActionSpec> = {
  SALE: payment('SALE'),
  DEBIT2VIRTUAL: payment('DEBIT2VIRTUAL'),
  DEBIT2VIRTUAL_CALC: payment('DEBIT2VIRTUAL_CALC'),
  CAPTURE: byTransId('CAPTURE'),
  VOID: byTransId('VOID'),
  CREDITVOID: byTransId('CREDITVOID'),
  GET_TRANS_STATUS: byTransId('GET_TRANS_STATUS'),
  DEBIT2VIRTUAL_COMPLETE: byTransId('DEBIT2VIRTUAL_COMPLETE'),
  CREDIT2VIRTUAL: {
    template: (fx) =>
      fc.tuple(orderId, identifiers).map(([o, id]) => ({
        action: 'CREDIT2VIRTUAL',
        client_key: fx.clientKey,
        brand: 'vcard',
        order_id: o,
        order_amount: '25.00',
        order_currency: 'USD',
        order_description: 'Payout',
        identifier: id,
        payer_ip: '203.0.113.7',
      })),
    sign: (f, fx) =>
      apmCredit2VirtualHash({
        orderId: hs(f.order_id),
        orderAmount: hs(f.order_amount),
        orderCurrency: hs(f.order_currency),
        password: fx.password,
      }),
  },
  CREDIT2CRYPTO: {
    template: (fx) =>
      fc
        .tuple(orderId, fc.constantFrom('BTC', 'ETH', 'DOGE', ''), fc.constantFrom('crypto_payout', 'crypto_withdraw', 'vcard'))
        .map(([o, coin, brand]) => ({
          action: 'CREDIT2CRYPTO',
          client_key: fx.clientKey,
          brand,
          order_id: o,
          order_amount: '25.00',
          order_currency: 'USD',
          order_description: 'Withdrawal',
          payer_ip: '203.0.113.7',
          parameters: { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', currency: coin, network: coin, withdrawCurrency: coin },
        })),
    sign: (f, fx) =>
      apmCredit2VirtualHash({
        orderId: hs(f.order_id),
        orderAmount: hs(f.order_amount),
        orderCurrency: hs(f.order_currency),
        password: fx.password,
      }),
  },
};

export const s2sApmTargets: FuzzTarget[] = [
  ...Object.entries(S2S_APM_SPECS).map(([action, spec]): FuzzTarget => ({
    name: `POST /post-va ${action}`,
    route: 'POST /post-va',
    group: 's2s-apm',
    family: 's2s',
    action,
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: '/post-va',
        kind: 'form',
        fields: signedVariants(spec.template(fx), (f) => ({ ...f, hash: spec.sign(f, fx) }), formValues),
      }),
  })),
  {
    name: 'POST /post-va (unknown action)',
    route: 'POST /post-va',
    group: 's2s-apm',
    family: 's2s',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path: '/post-va',
        kind: 'form',
        fields: fc.record(
          {
            action: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('CREDIT2CRYPTOS', 'sale', 'RECURRING_SALE')),
            client_key: fc.constantFrom(fx.clientKey, 'nope'),
            brand: fc.constantFrom('vcard', 'paypal', ''),
            hash: fc.string({ maxLength: 40 }),
          },
          { requiredKeys: [] },
        ),
      }),
  },
];
