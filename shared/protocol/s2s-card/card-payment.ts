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

export function readOrderText(f: FieldReader, opts: { currencyFromPayment?: boolean } = {}): OrderText {
  const orderId = f.required('order_id', { max: 255 });
  const currencyCode = opts.currencyFromPayment ? undefined : f.required('order_currency', { pattern: /^[A-Z]{3}$/ });
  const amountText = f.required('order_amount');
  const description = f.required('order_description', { max: 1024 });
  return { orderId, currencyCode, amountText, description };
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

/** card_number / card_exp_month / card_exp_year / card_cvv2 (prefix "payer_" for CARD2CARD). */
export function readCard(f: FieldReader, opts: { prefix?: string; cvv: 'required' | 'optional' | 'none'; expiry?: boolean }): CardFields {
  const p = opts.prefix ?? '';
  const number = f.required(`${p}card_number`, { pattern: PATTERNS.cardNumber });
  if (number && !luhnValid(number)) f.fail(`${p}card_number`, MESSAGES.invalid);
  const expiry = opts.expiry ?? true;
  const expMonth = expiry ? f.required(`${p}card_exp_month`, { pattern: PATTERNS.month }) : '';
  const expYear = expiry ? f.required(`${p}card_exp_year`, { pattern: PATTERNS.year }) : '';
  const cvv =
    opts.cvv === 'required'
      ? f.required(`${p}card_cvv2`, { pattern: PATTERNS.cvv })
      : opts.cvv === 'optional'
        ? f.optional(`${p}card_cvv2`, { pattern: PATTERNS.cvv })
        : undefined;
  return { number, expMonth, expYear, cvv: cvv || undefined };
}

/** term_url_3ds and where the payer's return opens; the merchant account's link target overrides the request. */
export function readTermUrl(f: FieldReader, merchant: Merchant, required: boolean): { termUrl?: string; target: LinkTarget | string } {
  const termUrl = required ? f.required('term_url_3ds', { max: 1024 }) : f.optional('term_url_3ds', { max: 1024 });
  if (termUrl && !isHttpUrl(termUrl)) f.fail('term_url_3ds', MESSAGES.url);
  const requested = f.optional('term_url_target', { pattern: TERM_URL_TARGET });
  return { termUrl: termUrl || undefined, target: merchant.linkTarget ?? requested ?? '_top' };
}

export interface CommonDetails {
  payer: Payer;
  browser: Record<string, string>;
  motoType?: string;
  customData?: FormValue;
}

export function readCommon(f: FieldReader, merchant: Merchant, payerNeeds: PayerNeeds): CommonDetails {
  const payer = readPayer(f, merchant, payerNeeds);
  const browser = readBrowser(f);
  const motoType = f.optional('moto_type', { oneOf: MOTO_TYPES });
  const customData = f.raw('custom_data');
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
