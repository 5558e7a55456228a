/**
 * Real objects for the fuzzer to aim at: a merchant and, made through the public API, payments in several states,
 * open sessions and page tokens. Signed follow-ups on these ids reach the state machines instead of stopping at
 * "not found". Free of vitest so the fuzz script can use it too.
 */
import { deps } from '../../shared/entry/composition/deps.js';
import { createMerchant, createMid } from '../../shared/operations/admin/merchants.js';
import { encodeForm, type FormValue } from '../../shared/protocol/form.js';
import { apmSaleHash, checkoutHash, formula1, formula3, formula5 } from '../../shared/protocol/signature.js';

export const CARD = '4111111111111111';
export const PAYOUT_CARD = '4601541833776519';
export const EMAIL = 'doe@example.com';

export interface FuzzFixtures {
  baseUrl: string;
  clientKey: string;
  password: string;
  /** S2S CARD payments: settled SALE (with card and recurring tokens), held AUTH, one waiting in 3DS, a payout. */
  sale: { transId: string; orderId: string; cardToken: string; recurringToken: string };
  authTransId: string;
  threeDs: { transId: string; url: string; params: Record<string, string> };
  payoutTransId: string;
  scheduleId: string;
  /** S2S APM: a settled SALE and one waiting on its method page. */
  apmTransId: string;
  apmRedirect: { transId: string; token: string };
  /** Checkout: page tokens (fresh, and one waiting in its 3DS step) and a paid payment_id. */
  checkoutTokens: string[];
  checkoutThreeDsToken: string;
  paymentId: string;
  /** Hosted fields: a fresh session token, one with a card submitted, and a 3DS step (transId + page token). */
  hfTokens: string[];
  hfCardToken: string;
  hfThreeDs: { transId: string; token: string };
}

async function form(url: string, fields: Record<string, FormValue | undefined>): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  return res.json();
}

async function json(method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function need<T>(value: T | undefined, what: string, answer: unknown): T {
  if (value === undefined || value === null || value === '')
    throw new Error(`fuzz fixture ${what} failed: ${JSON.stringify(answer).slice(0, 500)}`);
  return value;
}

const rnd = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;

/** A merchant of its own (no notification URL: the fuzzer should not flood a callback endpoint). */
export async function createFuzzMerchant(): Promise<{ clientKey: string; password: string }> {
  const d = deps();
  const merchant = await createMerchant(d, { name: 'Fuzz Shop' });
  await createMid(d, merchant.clientKey, {});
  return { clientKey: merchant.clientKey, password: merchant.password };
}

export async function createFixtures(baseUrl: string): Promise<FuzzFixtures> {
  const { clientKey, password } = await createFuzzMerchant();
  const sale = (extra: Record<string, string>) =>
    form(`${baseUrl}/post`, {
      action: 'SALE',
      client_key: clientKey,
      order_id: rnd('fx'),
      order_amount: '10.00',
      order_currency: 'USD',
      order_description: 'Fixture',
      card_number: CARD,
      card_exp_month: '01',
      card_exp_year: '2038',
      card_cvv2: '123',
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
      hash: formula1({ email: EMAIL, password, cardNumber: CARD }),
      ...extra,
    });

  const settled = await sale({ req_token: 'Y', recurring_init: 'Y' });
  const auth = await sale({ auth: 'Y' });
  const tds = await sale({ card_exp_month: '05' });
  const payout = await form(`${baseUrl}/post`, {
    action: 'CREDIT2CARD',
    client_key: clientKey,
    order_id: rnd('po'),
    order_amount: '25.00',
    order_currency: 'USD',
    order_description: 'Payout',
    card_number: PAYOUT_CARD,
    hash: formula5({ password, cardNumber: PAYOUT_CARD }),
  });
  const schedule = await form(`${baseUrl}/post`, {
    action: 'CREATE_SCHEDULE',
    client_key: clientKey,
    name: 'Fuzz plan',
    interval_length: '1',
    interval_unit: 'month',
    payments_count: '12',
    hash: formula3({ password }),
  });

  const apm = (identifier: string) => {
    const f = {
      action: 'SALE',
      client_key: clientKey,
      brand: 'vcard',
      order_id: rnd('apm'),
      order_amount: '10.00',
      order_currency: 'USD',
      order_description: 'APM',
      identifier,
      payer_ip: '203.0.113.7',
      return_url: 'https://shop.example/return',
    };
    return form(`${baseUrl}/post-va`, {
      ...f,
      hash: apmSaleHash({ identifier, orderId: f.order_id, orderAmount: f.order_amount, orderCurrency: f.order_currency, password }),
    });
  };
  const apmSettled = await apm('success@gmail.com');
  const apmRedirect = await apm('redirect@gmail.com');

  const orderBody = () => {
    const order = { number: rnd('co'), amount: '10.00', currency: 'USD', description: 'Fuzz order' };
    return {
      merchant_key: clientKey,
      operation: 'purchase',
      order,
      customer: { name: 'John Doe', email: EMAIL },
      hash: checkoutHash([order.number, order.amount, order.currency, order.description], password),
    };
  };
  const session = async () => {
    const res = await json('POST', `${baseUrl}/api/v1/session`, {
      ...orderBody(),
      success_url: 'https://shop.example/success',
      cancel_url: 'https://shop.example/cancel',
    });
    return need(res.redirect_url as string | undefined, 'checkout session', res).split('/auth/')[1]!;
  };
  const payPage = (token: string, expiry: string) =>
    fetch(`${baseUrl}/auth/${token}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: CARD, expiry, cvv: '123', holder: 'JOHN DOE' }),
    });
  const paidToken = await session();
  const paidPage = await (await payPage(paidToken, '01/38')).text();
  const threeDsToken = await session();
  await payPage(threeDsToken, '05/38');

  const hfToken = async () => {
    const res = await json('POST', `${baseUrl}/api/v1/session/token`, { ...orderBody(), return_url: 'https://shop.example/return' });
    return need(res.token as string | undefined, 'hosted fields token', res);
  };
  const submitCard = (token: string, expiry: string) =>
    json('POST', `${baseUrl}/hosted-fields/card-data`, { card_number: CARD, expiry, cvv: '123' }, { Token: token });
  const hfCard = await hfToken();
  await submitCard(hfCard, '01/38');
  const hf3ds = await hfToken();
  await submitCard(hf3ds, '05/38');
  const hfPay = await json(
    'POST',
    `${baseUrl}/api/v1/processing/purchase/card`,
    { name: 'JOHN DOE', with_hosted_fields: true },
    { Token: hf3ds },
  );
  const hfUrl = new URL(need(hfPay.redirect_url as string | undefined, 'hosted fields 3DS payment', hfPay));

  return {
    baseUrl,
    clientKey,
    password,
    sale: {
      transId: need(settled.trans_id, 'SALE', settled),
      orderId: settled.order_id,
      cardToken: need(settled.card_token, 'SALE card_token', settled),
      recurringToken: need(settled.recurring_token, 'SALE recurring_token', settled),
    },
    authTransId: need(auth.trans_id, 'AUTH', auth),
    threeDs: { transId: need(tds.trans_id, '3DS SALE', tds), url: new URL(tds.redirect_url).pathname, params: tds.redirect_params ?? {} },
    payoutTransId: need(payout.trans_id, 'CREDIT2CARD', payout),
    scheduleId: need(schedule.schedule_id, 'CREATE_SCHEDULE', schedule),
    apmTransId: need(apmSettled.trans_id, 'APM SALE', apmSettled),
    apmRedirect: {
      transId: need(apmRedirect.trans_id, 'APM redirect', apmRedirect),
      token: need(new URL(apmRedirect.redirect_url).searchParams.get('token') ?? undefined, 'APM page token', apmRedirect),
    },
    checkoutTokens: [await session(), await session(), paidToken],
    checkoutThreeDsToken: threeDsToken,
    paymentId: need(
      /payment_id=([^&"]+)/.exec(paidPage)?.[1],
      'checkout payment_id (return link of the paid page)',
      paidPage.slice(0, 300),
    ),
    hfTokens: [await hfToken(), await hfToken()],
    hfCardToken: hfCard,
    hfThreeDs: {
      transId: hfUrl.pathname.split('/').pop()!,
      token: need(hfUrl.searchParams.get('token') ?? undefined, 'hosted fields 3DS page token', hfPay),
    },
  };
}
