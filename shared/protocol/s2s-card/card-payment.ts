/**
 * The fields card-paying actions share (SALE, DEBIT, CARD2CARD, CREDIT2CARD): order, card or card_token, payer,
 * browser, moto_type, term_url_3ds and its target, custom_data and the Y/N flags. Every problem is collected and
 * reported together, each naming its field.
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { Merchant, LinkTarget } from '../../domain/merchant.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { ValidationError } from '../../domain/errors.js';
import type { FormValue } from '../form.js';
import { FieldReader, MESSAGES, PATTERNS, isHttpUrl, luhnValid } from '../fields.js';
import { optional, raw, readFields, required, type FieldSpec, type FormValues } from '../form-spec.js';
import { readBrowser } from './browser.js';
import { readPayer, type Payer, type PayerNeeds } from './payer.js';
import { maskCardNumbers } from '../pan-mask.js';

export const MOTO_TYPES = ['phone_moto', 'email_moto', 'default_moto', 'ecommerce'];
export const TERM_URL_TARGET = /^(_blank|_self|_parent|_top|[A-Za-z][A-Za-z0-9_-]{0,63})$/;

export interface Order {
  orderId: string;
  description: string;
  amount: number;
  currency: string;
}

export interface CardFields {
  number: string;
  expMonth: string;
  expYear: string;
  cvv?: string;
}

/** order_* fields as sent; `currencyFromPayment`: the currency is the original payment's (RECURRING_*), not read. */
export interface OrderText {
  orderId: string;
  currencyCode?: string;
  amountText: string;
  description: string;
}

export const ORDER_FIELDS = {
  order_id: required({ max: 255 }),
  order_currency: required({ pattern: /^[A-Z]{3}$/ }),
  order_amount: required(),
  order_description: required({ max: 1024 }),
};

/** RECURRING_*: the currency is the initial payment's. */
export const RECURRING_ORDER_FIELDS = {
  order_id: ORDER_FIELDS.order_id,
  order_amount: ORDER_FIELDS.order_amount,
  order_description: ORDER_FIELDS.order_description,
};

export function readOrderText(f: FieldReader, opts: { currencyFromPayment?: boolean } = {}): OrderText {
  const v: { order_currency?: string } & FormValues<typeof RECURRING_ORDER_FIELDS> = readFields(
    f,
    opts.currencyFromPayment ? RECURRING_ORDER_FIELDS : ORDER_FIELDS,
  );
  return { orderId: v.order_id, currencyCode: v.order_currency, amountText: v.order_amount, description: v.order_description };
}

/** order_* fields; a zero amount is left for the caller (allowed only with auth=Y or recurring_init=Y). */
export function readOrder(f: FieldReader): Order {
  return orderOfText(f, readOrderText(f));
}

/** The amount of an order read with readOrderText, in minor units of `currency` (default: the order's own). */
export function orderOfText(f: FieldReader, text: OrderText, paymentCurrency?: string): Order {
  const { orderId, amountText, description } = text;
  const currencyCode = paymentCurrency ?? text.currencyCode ?? '';
  let amount = 0;
  let currency = currencyCode;
  try {
    if (currencyCode) currency = parseCurrency(currencyCode).code;
    if (currencyCode && amountText) amount = parseAmount(amountText, parseCurrency(currencyCode)).minor;
  } catch (err) {
    if (err instanceof ValidationError) f.errors.push(...err.fieldErrors);
    else throw err;
  }
  return { orderId, description, amount, currency };
}

/** Zero is accepted only with auth=Y or recurring_init=Y (and a MID taking zero-value payments, checked by routing). */
export function checkZeroAmount(f: FieldReader, order: Order, zeroAllowed: boolean): void {
  const amountOk = !f.errors.some((e) => e.field === 'order_amount' || e.field === 'order_currency');
  if (amountOk && f.raw('order_amount') && order.amount === 0 && !zeroAllowed) f.fail('amount', MESSAGES.positive);
}

export interface CardOptions {
  /** "payer_" for CARD2CARD's payer card. */
  prefix?: string;
  cvv: 'required' | 'optional' | 'none';
  /** card_exp_month and card_exp_year (CREDIT2CARD has none here: parameters.ts). */
  expiry?: boolean;
}

/** A number that fails the Luhn check is rejected before it reaches a connector. */
export const luhnCheck = (n: string) => (luhnValid(n) ? undefined : MESSAGES.invalid);

/** card_number / card_exp_month / card_exp_year / card_cvv2, as `opts` asks. */
export function cardFields(opts: CardOptions): Record<string, FieldSpec> {
  const p = opts.prefix ?? '';
  const expiry = opts.expiry ?? true;
  return {
    [`${p}card_number`]: required({ pattern: PATTERNS.cardNumber }, { check: luhnCheck }),
    ...(expiry
      ? { [`${p}card_exp_month`]: required({ pattern: PATTERNS.month }), [`${p}card_exp_year`]: required({ pattern: PATTERNS.year }) }
      : {}),
    ...(opts.cvv === 'none'
      ? {}
      : { [`${p}card_cvv2`]: opts.cvv === 'required' ? required({ pattern: PATTERNS.cvv }) : optional({ pattern: PATTERNS.cvv }) }),
  };
}

export function readCard(f: FieldReader, opts: CardOptions): CardFields {
  const p = opts.prefix ?? '';
  const v = readFields(f, cardFields(opts)) as Record<string, string | undefined>;
  return {
    number: v[`${p}card_number`] ?? '',
    expMonth: v[`${p}card_exp_month`] ?? '',
    expYear: v[`${p}card_exp_year`] ?? '',
    cvv: v[`${p}card_cvv2`] || undefined,
  };
}

const httpUrl = (v: string) => (isHttpUrl(v) ? undefined : MESSAGES.url);

/** term_url_3ds and where the payer's return opens. */
export function termUrlFields(isRequired: boolean) {
  return {
    term_url_3ds: isRequired ? required({ max: 1024 }, { check: httpUrl }) : optional({ max: 1024 }, { check: httpUrl }),
    term_url_target: optional({ pattern: TERM_URL_TARGET }),
  };
}

/** term_url_3ds and its target; the merchant account's link target overrides the request. */
export function readTermUrl(f: FieldReader, merchant: Merchant, isRequired: boolean): { termUrl?: string; target: LinkTarget | string } {
  const v = readFields(f, termUrlFields(isRequired));
  return { termUrl: v.term_url_3ds || undefined, target: merchant.linkTarget ?? v.term_url_target ?? '_top' };
}

export interface CommonDetails {
  payer: Payer;
  browser: Record<string, string>;
  motoType?: string;
  customData?: FormValue;
}

/** What follows the payer and the browser. */
export const MOTO_AND_CUSTOM_DATA = { moto_type: optional({ oneOf: MOTO_TYPES }), custom_data: raw() };

export function readCommon(f: FieldReader, merchant: Merchant, payerNeeds: PayerNeeds): CommonDetails {
  const payer = readPayer(f, merchant, payerNeeds);
  const browser = readBrowser(f);
  const { moto_type: motoType, custom_data: customData } = readFields(f, MOTO_AND_CUSTOM_DATA);
  // A card number a merchant puts in custom_data is kept (and echoed) masked, like every PAN.
  return { payer, browser, motoType, customData: customData === '' ? undefined : maskCardNumbers(customData) };
}

/** What goes to payment.details: wire-named groups the status responses and callbacks echo. */
export function commonDetails(c: CommonDetails, term?: { termUrl?: string; target: string }): PaymentDetails {
  return {
    payer: c.payer.fields,
    ...(Object.keys(c.browser).length ? { browser: c.browser } : {}),
    ...(c.motoType ? { motoType: c.motoType } : {}),
    ...(c.customData !== undefined ? { customData: c.customData } : {}),
    ...(c.payer.language ? { payerLanguage: c.payer.language } : {}),
    ...(c.payer.present ? { payerPresent: c.payer.present } : {}),
    ...(term?.termUrl ? { termUrl3ds: term.termUrl, termUrlTarget: term.target } : {}),
  };
}

/** What the connector needs from the payer's browser (some acquirers require the Accept header). */
export function browserOf(common: { browser: Record<string, string | undefined> }): { acceptHeader?: string; userAgent?: string } {
  return { acceptHeader: common.browser.browser_accept_headers, userAgent: common.browser.browser_user_agent };
}

/** payer_ip, which the acquirer receives as the payer's IP address (spec: forwarded to the connector). */
export function payerIpOf(common: { payer: Payer }): string | undefined {
  return common.payer.fields.payer_ip;
}
