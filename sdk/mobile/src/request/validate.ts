/**
 * Checks that fail fast, before any request: what the SDK (and the merchant backend, which runs the same checks on
 * what an app sends it) can tell without the platform. The platform still validates everything; this only spares
 * a round trip and gives messages an app developer can act on. Works on the wire body, names fields in wire terms.
 */
import { amountProblem, refundAmountProblem } from './amount.js';
import { currencyFormat } from './currencies.js';
import { OPERATIONS } from './payment-request.js';
import { parseHttpUrl } from '../url/light-url.js';

export interface WireProblem {
  field: string;
  message: string;
}

const RETURN_URLS = ['success_url', 'cancel_url', 'error_url'] as const;
const ORDER_NUMBER = /^[a-zA-Z0-9 \-!"#$%&'()*+,./:;@]+$/;

const httpUrl = (value: string) => parseHttpUrl(value);

/** Where a return URL lands, ignoring its query: the web-view controller tells the outcomes apart by this. */
export const returnTarget = (url: string): string | undefined => parseHttpUrl(url)?.target;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function sessionProblems(body: Record<string, unknown>): WireProblem[] {
  const problems: WireProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });

  if (!OPERATIONS.includes(body.operation as never))
    add('operation', `must be one of ${OPERATIONS.join(', ')} (got ${JSON.stringify(body.operation)})`);

  // The spec's request holds the three return URLs. They may share a page: the web-view controller then
  // reports "returned" and the app asks the status (docs/mobile-sdk.md).
  for (const field of [...RETURN_URLS, 'expiry_url'] as const) {
    const value = body[field];
    if (value === undefined && field === 'expiry_url') continue;
    if (typeof value !== 'string' || value === '') add(field, 'is required');
    else if (value.length > 1024 || !httpUrl(value)) add(field, 'must be an http(s) URL of at most 1024 characters');
  }

  const order = body.order;
  if (!isObject(order)) {
    add('order', 'is required: { number, amount, currency }');
    return problems;
  }
  const { number, amount, currency, description } = order;
  if (typeof number !== 'string' || number === '') add('order.number', 'is required');
  else if (number.length > 255 || !ORDER_NUMBER.test(number))
    add('order.number', 'must be at most 255 of the characters a-z A-Z 0-9 space -!"#$%&\'()*+,./:;@');
  if (typeof currency !== 'string' || !currencyFormat(currency))
    add('order.currency', `must be an ISO 4217 code in capitals such as "USD" (got ${JSON.stringify(currency)})`);
  else {
    const why = amountProblem(amount, currency);
    if (why) add('order.amount', why);
  }
  // Optional (the spec's order is number, amount, currency); the SDK fills one in before signing.
  if (description !== undefined && (typeof description !== 'string' || description.length < 2 || description.length > 1024))
    add('order.description', 'must be 2 to 1024 characters');
  return problems;
}

const UUID_LIKE = /^[0-9A-Za-z-]{1,64}$/;

export function paymentIdProblems(paymentId: unknown): WireProblem[] {
  return typeof paymentId === 'string' && UUID_LIKE.test(paymentId)
    ? []
    : [{ field: 'payment_id', message: 'is required (the payment_id the platform returned)' }];
}

export function statusProblems(body: Record<string, unknown>): WireProblem[] {
  const byPayment = body.payment_id !== undefined;
  const byOrder = body.order_id !== undefined;
  if (byPayment === byOrder) return [{ field: 'payment_id', message: 'give either payment_id or order_id' }];
  if (byPayment) return paymentIdProblems(body.payment_id);
  const problems: WireProblem[] = [];
  if (typeof body.order_id !== 'string' || body.order_id === '' || body.order_id.length > 255)
    problems.push({ field: 'order_id', message: 'must be the order number, 1 to 255 characters' });
  if (body.size !== undefined && !(typeof body.size === 'string' && /^(100|[1-9][0-9]?)$/.test(body.size)))
    problems.push({ field: 'size', message: 'must be a string from "1" to "100"' });
  return problems;
}

export function refundProblems(body: Record<string, unknown>): WireProblem[] {
  const problems = paymentIdProblems(body.payment_id);
  if (body.amount !== undefined) {
    const why = refundAmountProblem(body.amount);
    if (why) problems.push({ field: 'amount', message: why });
  }
  return problems;
}

export const voidProblems = (body: Record<string, unknown>): WireProblem[] => paymentIdProblems(body.payment_id);
