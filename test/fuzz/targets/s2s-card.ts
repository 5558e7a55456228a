/** S2S CARD: /post and /v2/post, one target per action per route, signed with each action's formula. */
import fc from 'fast-check';
import { formula1, formula1Token, formula2, formula3, formula4, formula5, formula7 } from '../../../shared/protocol/signature.js';
import { CARD, EMAIL, PAYOUT_CARD, type FuzzFixtures } from '../fixtures.js';
import { bodyRequest, formValues, type Fields } from '../bodies.js';
import { hs, orderId, signedVariants, type FuzzTarget } from '../target.js';

interface ActionSpec {
  template(fx: FuzzFixtures): fc.Arbitrary<Fields>;
  sign(f: Fields, fx: FuzzFixtures): string;
}

const payer = {
  payer_first_name: 'John',
  payer_last_name: 'Doe',
  payer_address: 'Big street',
  payer_country: 'US',
  payer_state: 'CA',
  payer_city: 'City',
  payer_zip: '123456',
  payer_email: EMAIL,
  payer_phone: '199999999',
  payer_ip: '203.0.113.7',
  term_url_3ds: 'https://shop.example/3ds',
};
// Expiry months pick the sandbox outcome (README): paid, declined, 3DS, redirect, no answer, …
const month = fc.constantFrom('01', '02', '03', '05', '06', '08', '10', '11', '12');

function cardPayment(action: string, extra: (fx: FuzzFixtures) => fc.Arbitrary<Fields> = () => fc.constant({})): ActionSpec {
  return {
    template: (fx) =>
      fc
        .tuple(orderId, month, fc.constantFrom('Y', 'N', undefined), fc.constantFrom('Y', 'N', undefined), fc.boolean(), extra(fx))
        .map(([order, m, auth, token, useToken, more]) => ({
          action,
          client_key: fx.clientKey,
          order_id: order,
          order_amount: '10.00',
          order_currency: 'USD',
          order_description: 'Fuzz',
          ...(useToken
            ? { card_token: fx.sale.cardToken }
            : { card_number: CARD, card_exp_month: m, card_exp_year: '2038', card_cvv2: '123' }),
          ...payer,
          ...(auth ? { auth } : {}),
          ...(token ? { req_token: token, recurring_init: token } : {}),
          custom_data: { plan: 'gold' },
          parameters: { x: '1' },
          ...more,
        })),
    sign: (f, fx) =>
      typeof f.card_token === 'string' && f.card_number === undefined
        ? formula1Token({ email: hs(f.payer_email), password: fx.password, cardToken: f.card_token })
        : formula1({ email: hs(f.payer_email), password: fx.password, cardNumber: hs(f.card_number) }),
  };
}

const transIds = (fx: FuzzFixtures) =>
  fc.constantFrom(fx.sale.transId, fx.authTransId, fx.threeDs.transId, fx.payoutTransId, '00000000-0000-4000-8000-000000000000');

function byTransId(action: string, extra: Fields = {}): ActionSpec {
  return {
    template: (fx) =>
      fc
        .tuple(transIds(fx), fc.constantFrom('1.00', '10.00', '0.01', undefined))
        .map(([t, amount]) => ({ action, client_key: fx.clientKey, trans_id: t, ...(amount ? { amount } : {}), ...extra })),
    sign: (f, fx) => formula2({ email: EMAIL, password: fx.password, transId: hs(f.trans_id), cardNumber: CARD }),
  };
}

function recurring(action: string): ActionSpec {
  return {
    template: (fx) =>
      orderId.map((o) => ({
        action,
        client_key: fx.clientKey,
        order_id: o,
        order_amount: '5.00',
        order_description: 'Monthly',
        recurring_first_trans_id: fx.sale.transId,
        recurring_token: fx.sale.recurringToken,
        custom_data: { a: 'b' },
      })),
    sign: (f, fx) => formula1({ email: EMAIL, password: fx.password, cardNumber: CARD }),
  };
}

function schedule(action: string, extra: (fx: FuzzFixtures) => Fields = () => ({})): ActionSpec {
  return {
    template: (fx) => fc.constant({ action, client_key: fx.clientKey, schedule_id: fx.scheduleId, ...extra(fx) }),
    sign: (f, fx) => formula4({ scheduleId: hs(f.schedule_id), password: fx.password }),
  };
}

const scheduleFields = { name: 'Plan', interval_length: '1', interval_unit: 'month', day_of_month: '31', payments_count: '12' };

export const S2S_CARD_SPECS: Record<string, ActionSpec> = {
  SALE: cardPayment('SALE'),
  AUTH: cardPayment('AUTH'),
  DEBIT: cardPayment('DEBIT', () => fc.constant({ payee_first_name: 'Jane' })),
  CAPTURE: byTransId('CAPTURE'),
  VOID: byTransId('VOID'),
  CREDITVOID: byTransId('CREDITVOID'),
  GET_TRANS_STATUS: byTransId('GET_TRANS_STATUS'),
  GET_TRANS_DETAILS: byTransId('GET_TRANS_DETAILS'),
  GET_TRANS_STATUS_BY_ORDER: {
    template: (fx) =>
      fc
        .constantFrom(fx.sale.orderId, 'no-such-order')
        .map((o) => ({ action: 'GET_TRANS_STATUS_BY_ORDER', client_key: fx.clientKey, order_id: o })),
    sign: (f, fx) => formula7({ email: EMAIL, password: fx.password, orderId: hs(f.order_id), cardNumber: CARD }),
  },
  RECURRING_SALE: recurring('RECURRING_SALE'),
  RECURRING_DEBIT: recurring('RECURRING_DEBIT'),
  RETRY: byTransId('RETRY'),
  CREDIT2CARD: {
    template: (fx) =>
      orderId.map((o) => ({
        action: 'CREDIT2CARD',
        client_key: fx.clientKey,
        order_id: o,
        order_amount: '25.00',
        order_currency: 'USD',
        order_description: 'Payout',
        card_number: PAYOUT_CARD,
        expiry: '01/2038',
        payee_first_name: 'Jane',
      })),
    sign: (f, fx) => formula5({ password: fx.password, cardNumber: hs(f.card_number) }),
  },
  CARD2CARD: {
    template: (fx) =>
      fc.tuple(orderId, month).map(([o, m]) => ({
        action: 'CARD2CARD',
        client_key: fx.clientKey,
        order_id: o,
        order_amount: '15.00',
        order_currency: 'USD',
        order_description: 'Transfer',
        payer_card_number: CARD,
        payer_card_exp_month: m,
        payer_card_exp_year: '2038',
        payer_card_cvv2: '123',
        payee_card_number: PAYOUT_CARD,
        payer_email: EMAIL,
        payer_ip: '203.0.113.7',
        term_url_3ds: 'https://shop.example/3ds',
        payer_identity_type: '1',
        payer_type: '2',
      })),
    sign: (f, fx) => formula1({ email: hs(f.payer_email), password: fx.password, cardNumber: hs(f.payer_card_number) }),
  },
  CREATE_SCHEDULE: {
    template: (fx) => fc.constant({ action: 'CREATE_SCHEDULE', client_key: fx.clientKey, ...scheduleFields }),
    sign: (_f, fx) => formula3({ password: fx.password }),
  },
  UPDATE_SCHEDULE: schedule('UPDATE_SCHEDULE', () => scheduleFields),
  PAUSE_SCHEDULE: schedule('PAUSE_SCHEDULE'),
  RUN_SCHEDULE: schedule('RUN_SCHEDULE'),
  DELETE_SCHEDULE: schedule('DELETE_SCHEDULE'),
  SCHEDULE_INFO: schedule('SCHEDULE_INFO'),
  DESCHEDULE: schedule('DESCHEDULE', (fx) => ({ recurring_token: fx.sale.recurringToken })),
};

function actionTarget(path: '/post' | '/v2/post', action: string, spec: ActionSpec): FuzzTarget {
  return {
    name: `POST ${path} ${action}`,
    route: `POST ${path}`,
    group: 's2s-card',
    family: 's2s',
    action,
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path,
        kind: 'form',
        fields: signedVariants(spec.template(fx), (f) => ({ ...f, hash: spec.sign(f, fx) }), formValues),
      }),
  };
}

/** An action the platform does not know, or none at all (the dispatch itself). */
function unknownAction(path: '/post' | '/v2/post'): FuzzTarget {
  return {
    name: `POST ${path} (unknown action)`,
    route: `POST ${path}`,
    group: 's2s-card',
    family: 's2s',
    requests: (fx) =>
      bodyRequest({
        method: 'POST',
        path,
        kind: 'form',
        fields: fc.record(
          {
            action: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('sale', 'CHARGEBACK', 'SALE ', 'SALE\u0000', 'CREDIT2VIRTUAL')),
            client_key: fc.constantFrom(fx.clientKey, 'nope', ''),
            hash: fc.string({ maxLength: 40 }),
          },
          { requiredKeys: [] },
        ),
      }),
  };
}

export const s2sCardTargets: FuzzTarget[] = (['/post', '/v2/post'] as const).flatMap((path) => [
  ...Object.entries(S2S_CARD_SPECS).map(([action, spec]) => actionTarget(path, action, spec)),
  unknownAction(path),
]);
