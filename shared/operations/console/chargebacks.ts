/**
 * Chargebacks in the console: a merchant's charged-back payments, newest first (one paged Query of the chargeback
 * index, whose entries the chargeback's own write puts), and an
 * operator opening one for a payment — the same schema and write as the "Chargeback Received" ops event and the admin
 * CLI (operations/chargebacks), so the payment moves once and the merchant gets one CHARGEBACK callback.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { CHARGEBACK_DETAIL } from '../chargebacks/ops-event.js';
import { chargebackSummary, recordChargeback } from '../chargebacks/chargeback.js';
import type { ConsoleChargebackOpenAnswer, ConsoleChargebacksAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { loadPayment } from './payments.js';
import { merchantOf, operatorOnly, type Principal } from './roles.js';
import { paymentSummary } from './timeline.js';

const listing = z.object({
  client_key: z.optional(z.string().check(z.maxLength(64))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

export async function listChargebacks(
  cx: ConsoleContext<Pick<Deps, 'payments' | 'chargebacks'>>,
  p: Principal,
  query: Record<string, string | undefined>,
): Promise<ConsoleChargebacksAnswer> {
  const r = listing.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')));
  if (!r.success)
    throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'query'), message: 'This value is not valid.' })));
  const clientKey = merchantOf(p, r.data.client_key);
  const page = await cx.d.chargebacks.forMerchant(clientKey, { limit: r.data.limit, cursor: r.data.cursor });
  const payments = await Promise.all(page.transIds.map((id) => cx.d.payments.get(id)));
  const mine = payments.filter((pay): pay is Payment => pay?.clientKey === clientKey);
  return { payments: mine.map(paymentSummary), ...(page.cursor ? { cursor: page.cursor } : {}) };
}

/** Operators only: a chargeback comes from the acquirer, not from the merchant. */
export async function openChargeback(
  cx: ConsoleContext<Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'chargebacks'>>,
  p: Principal,
  body: unknown,
): Promise<ConsoleChargebackOpenAnswer> {
  operatorOnly(p);
  const r = CHARGEBACK_DETAIL.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: i.message })));
  const payment = await loadPayment(cx, p, r.data.trans_id);
  const about = {
    clientKey: payment.clientKey,
    target: payment.transId,
    details: {
      amount: r.data.amount,
      currency: payment.currency,
      reasonCode: r.data.reason_code,
      ...(r.data.bank_date ? { bankDate: r.data.bank_date } : {}),
    },
    // A duplicate changes nothing: no entry.
    always: false,
  };
  // The audit entry goes into the chargeback's own transaction, with the payment and its index entry.
  const result = await audited(cx, p, 'payment.chargeback', about, (alongside) =>
    recordChargeback(
      cx.d,
      { transId: payment.transId, amount: r.data.amount, reasonCode: r.data.reason_code, bankDate: r.data.bank_date },
      { alongside },
    ),
  );
  return chargebackSummary(result);
}
