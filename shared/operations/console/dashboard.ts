/**
 * The dashboard: payments per hour (per day over 30 days), approval rate, callback delivery success and undetermined
 * payments, for one merchant or (operators) all. Aggregated at read time from the same index queries as the payment
 * list (gsi3 keys, then payments by key) and the delivery log: no extra write on the payment path. Each merchant's
 * read is capped (MAX_PAYMENTS), and the answer says when a cap was reached.
 */
import type { Payment } from '../../domain/payment.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import type { ConsoleContext } from './console-deps.js';
import { isOperator, merchantOf, type Principal } from './roles.js';

const RANGES = { '24h': { span: 24 * 3600_000, bucket: 3600_000 }, '30d': { span: 30 * 86400_000, bucket: 86400_000 } } as const;
const MAX_PAYMENTS = 2000;
const MAX_DELIVERIES = 2000;
const APPROVED = new Set(['SETTLED', 'PENDING', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK']);

export interface Bucket {
  start: string;
  payments: number;
  approved: number;
  declined: number;
  undetermined: number;
  callbacksDelivered: number;
  callbacksFailed: number;
}

export async function dashboard(cx: ConsoleContext, p: Principal, query: Record<string, string | undefined>) {
  const range = RANGES[query.range === '30d' ? '30d' : '24h'];
  const now = cx.d.clock.now().getTime();
  const first = Math.floor((now - range.span) / range.bucket + 1) * range.bucket;
  const buckets: Bucket[] = [];
  for (let t = first; t <= now; t += range.bucket) buckets.push({ start: new Date(t).toISOString(), payments: 0, approved: 0, declined: 0, undetermined: 0, callbacksDelivered: 0, callbacksFailed: 0 });
  const at = (iso: string) => buckets[Math.floor((Date.parse(iso) - first) / range.bucket)];
  const since = new Date(first).toISOString();

  const clientKeys = isOperator(p) && !query.client_key ? (await cx.d.merchants.list()).map((m) => m.clientKey) : [merchantOf(p, query.client_key)];
  let capped = false;
  for (const clientKey of clientKeys) {
    const payments = await paymentsSince(cx, clientKey, since);
    capped ||= payments.length >= MAX_PAYMENTS;
    for (const pay of payments) {
      const b = at(pay.createdAt);
      if (!b) continue;
      b.payments++;
      if (awaitingAcquirer(pay).length || pay.status === 'PREPARE') b.undetermined++;
      else if (APPROVED.has(pay.status)) b.approved++;
      else if (pay.status === 'DECLINED') b.declined++;
    }
    const attempts = await cx.callbacks().log.forMerchant(clientKey, MAX_DELIVERIES);
    capped ||= attempts.length >= MAX_DELIVERIES && attempts.at(-1)!.at >= since;
    for (const a of attempts) {
      const b = a.at >= since ? at(a.at) : undefined;
      if (!b) continue;
      if (a.outcome === 'DELIVERED') b.callbacksDelivered++;
      else b.callbacksFailed++;
    }
  }
  return { range: query.range === '30d' ? '30d' : '24h', bucketSeconds: range.bucket / 1000, buckets, capped };
}

async function paymentsSince(cx: ConsoleContext, clientKey: string, since: string): Promise<Payment[]> {
  const out: Payment[] = [];
  let cursor: string | undefined;
  do {
    const page = await cx.paymentIndex.page({ clientKey, since, limit: 100, cursor });
    const loaded = await Promise.all(page.transIds.map((id) => cx.d.payments.get(id)));
    out.push(...loaded.filter((x): x is Payment => !!x));
    cursor = page.cursor;
  } while (cursor && out.length < MAX_PAYMENTS);
  return out;
}
