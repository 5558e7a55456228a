/**
 * The session the backend asks the platform for, built from the merchant's priced order. Of the app's request only
 * the order number, the operation, the return URLs and url_target are used; the amount and currency it sent must
 * match the priced order (so the payer never sees one price and pays another); anything else is refused.
 */
import type { WireProblem } from '@open-payments/mobile-sdk';
import type { AppOperation, PricedOrder } from './orders/price-order.js';

/** Fields an app may send for a session (merchant_key and hash are checked or replaced elsewhere). */
const APP_FIELDS = new Set([
  'operation',
  'success_url',
  'cancel_url',
  'error_url',
  'expiry_url',
  'url_target',
  'order',
  'merchant_key',
  'hash',
]);
const APP_ORDER_FIELDS = new Set(['number', 'amount', 'currency', 'description']);
/** What the merchant's `session` extras may not replace. */
const RESERVED = new Set([...APP_FIELDS]);

export function unexpectedAppFields(body: Record<string, unknown>): WireProblem[] {
  const problems: WireProblem[] = [];
  for (const key of Object.keys(body))
    if (!APP_FIELDS.has(key)) problems.push({ field: key, message: 'This field is set by the merchant backend.' });
  const order = body.order as Record<string, unknown>;
  for (const key of Object.keys(order))
    if (!APP_ORDER_FIELDS.has(key)) problems.push({ field: `order.${key}`, message: 'This field is set by the merchant backend.' });
  return problems;
}

export function operationProblems(operation: unknown, priced: PricedOrder | undefined): WireProblem[] {
  const allowed: AppOperation[] = priced?.operations ?? ['purchase'];
  return allowed.includes(operation as AppOperation) ? [] : [{ field: 'operation', message: 'This operation is not offered to apps.' }];
}

/** The app's amount and currency against the priced order. */
export function priceProblems(order: Record<string, unknown>, priced: PricedOrder): WireProblem[] {
  const problems: WireProblem[] = [];
  if (order.currency !== priced.currency) problems.push({ field: 'order.currency', message: 'This value does not match the order.' });
  else if (order.amount !== priced.amount) problems.push({ field: 'order.amount', message: 'This value does not match the order.' });
  return problems;
}

export function sessionBody(app: Record<string, unknown>, priced: PricedOrder): Record<string, unknown> {
  const order = app.order as Record<string, unknown>;
  const extras = Object.fromEntries(Object.entries(priced.session ?? {}).filter(([key]) => !RESERVED.has(key)));
  const chosen: Record<string, unknown> = {
    operation: app.operation,
    success_url: app.success_url,
    cancel_url: app.cancel_url,
    error_url: app.error_url,
    expiry_url: app.expiry_url,
    url_target: app.url_target,
    order: { number: order.number, amount: priced.amount, currency: priced.currency, description: priced.description },
    ...extras,
  };
  return Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== undefined));
}
