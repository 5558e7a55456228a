/**
 * Payments in the console: a merchant's payments by order id, trans_id, card last four, status and date range, newest
 * first and paged by DynamoDB queries (gsi1 by order, gsi3 by time, gsi4 by last four; no scans), and one payment with
 * its timeline. A payment of another merchant is answered like an unknown one.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import type { ConsolePaymentAnswer, ConsolePaymentsAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { WithCallbacks } from '../callbacks/context.js';
import type { ConsoleContext } from './console-deps.js';
import { ConsoleNotFoundError } from './errors.js';
import { merchantOf, readMerchant, type Principal } from './roles.js';
import { paymentSummary, paymentTimeline } from './timeline.js';

const STATUSES = ['SETTLED', 'DECLINED', 'PENDING', '3DS', 'REDIRECT', 'PREPARE', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK'] as const;
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/));

const search = z.object({
  client_key: z.optional(z.string().check(z.maxLength(64))),
  order_id: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  trans_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  card_last4: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  status: z.optional(z.enum(STATUSES)),
  from: z.optional(day),
  to: z.optional(day),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

const MAX_INDEX_PAGES = 10;

export async function searchPayments(
  cx: ConsoleContext<Pick<Deps, 'payments'>>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsolePaymentsAnswer> {
  const r = search.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')));
  if (!r.success)
    throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'query'), message: 'This value is not valid.' })));
  const q = r.data;
  const clientKey = merchantOf(p, q.client_key);
  const keep = (pay: Payment | undefined): pay is Payment => !!pay && pay.clientKey === clientKey && (!q.status || pay.status === q.status);
  if (q.trans_id) {
    const pay = await cx.d.payments.get(q.trans_id);
    return { payments: [pay].filter(keep).map(paymentSummary) };
  }
  if (q.order_id) return { payments: (await cx.d.payments.findByOrder(clientKey, q.order_id, q.limit)).filter(keep).map(paymentSummary) };
  const since = q.from && (q.from.length === 10 ? `${q.from}T00:00:00.000Z` : q.from);
  const until = q.to && (q.to.length === 10 ? `${q.to}T23:59:59.999Z` : q.to);
  // A status filter applies after the read: read index pages until the page is full or the index ends.
  const found: Payment[] = [];
  let cursor = q.cursor;
  for (let i = 0; i < MAX_INDEX_PAGES && found.length < q.limit; i++) {
    const page = await cx.paymentIndex.page({ clientKey, last4: q.card_last4, since, until, limit: q.limit, cursor });
    found.push(...(await Promise.all(page.transIds.map((id) => cx.d.payments.get(id)))).filter(keep));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { payments: found.map(paymentSummary), ...(cursor ? { cursor } : {}) };
}

export async function loadPayment(cx: ConsoleContext<Pick<Deps, 'payments'>>, p: Principal, transId: string): Promise<Payment> {
  const payment = await cx.d.payments.get(transId);
  if (!payment) throw new ConsoleNotFoundError('Payment not found.');
  readMerchant(p, payment.clientKey, 'Payment not found.');
  return payment;
}

export async function showPayment(
  cx: ConsoleContext<Pick<Deps, 'payments'> & WithCallbacks>,
  p: Principal,
  transId: string,
): Promise<ConsolePaymentAnswer> {
  const payment = await loadPayment(cx, p, transId);
  return { payment: paymentSummary(payment), timeline: await paymentTimeline(cx.callbacks(), payment) };
}
