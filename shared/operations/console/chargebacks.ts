/**
 * Chargebacks in the console: a merchant's charged-back payments (the payments search, status CHARGEBACK), and an
 * operator opening one for a payment — the same schema and write as the "Chargeback Received" ops event and the admin
 * CLI (operations/chargebacks), so the payment moves once and the merchant gets one CHARGEBACK callback.
 */
import { ValidationError } from '../../errors.js';
import { CHARGEBACK_DETAIL } from '../chargebacks/ops-event.js';
import { chargebackSummary, recordChargeback } from '../chargebacks/chargeback.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { loadPayment, searchPayments } from './payments.js';
import { operatorOnly, type Principal } from './roles.js';

export async function listChargebacks(cx: ConsoleContext, p: Principal, query: Record<string, string | undefined>) {
  return searchPayments(cx, p, { client_key: query.client_key, limit: query.limit, cursor: query.cursor, status: 'CHARGEBACK' });
}

/** Operators only: a chargeback comes from the acquirer, not from the merchant. */
export async function openChargeback(cx: ConsoleContext, p: Principal, body: unknown) {
  operatorOnly(p);
  const r = CHARGEBACK_DETAIL.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: i.message })));
  const payment = await loadPayment(cx, p, r.data.trans_id);
  const about = {
    clientKey: payment.clientKey,
    target: payment.transId,
    details: { amount: r.data.amount, currency: payment.currency, reasonCode: r.data.reason_code, ...(r.data.bank_date ? { bankDate: r.data.bank_date } : {}) },
    item: { payment: payment.transId },
    // A duplicate changes nothing: no entry.
    always: false,
  };
  const result = await audited(cx, p, 'payment.chargeback', about, () =>
    recordChargeback(cx.d, { transId: payment.transId, amount: r.data.amount, reasonCode: r.data.reason_code, bankDate: r.data.bank_date }),
  );
  return chargebackSummary(result);
}
