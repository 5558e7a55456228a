/**
 * Refund, void and capture from a payment's timeline: the same payment cores as the API (operations/payment), with the
 * callback in the payment's own protocol (recorderFor) and the API's idempotency: the console sends one
 * Idempotency-Key per confirmation, so a double click or a retried request makes one attempt.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { formatAmount, money, parseAmount, parseCurrency } from '../../domain/money.js';
import { capture, creditvoid, voidPayment, type PaymentEvent, requestKey, runOnce } from '../payment/index.js';
import type { Payment } from '../../domain/payment.js';
import { recorderFor } from '../reconciliation/recorders.js';
import type { ConsolePaymentActionAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { loadPayment } from './payments.js';
import { changeMerchant, type Principal } from './roles.js';
import { paymentSummary } from './timeline.js';

export const PAYMENT_ACTIONS = ['refund', 'void', 'capture'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

const body = z.object({
  /** Major units as the API takes them ("4.00"); omitted: the full amount. */
  amount: z.optional(z.string().check(z.maxLength(20))),
  idempotency_key: z.string().check(z.minLength(8), z.maxLength(100)),
});

export async function actOnPayment(
  cx: ConsoleContext<Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>>,
  p: Principal,
  transId: string,
  action: string,
  raw: unknown,
): Promise<ConsolePaymentActionAnswer> {
  if (!(PAYMENT_ACTIONS as readonly string[]).includes(action)) throw new ConsoleNotFoundError('No such action.');
  const r = body.safeParse(raw);
  if (!r.success)
    throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: 'This value is not valid.' })));
  const payment = await loadPayment(cx, p, transId);
  changeMerchant(p, payment.clientKey, 'Payment not found.');
  const config = await cx.d.merchants.get(payment.clientKey);
  if (!config) throw new ConsoleNotFoundError('Payment not found.');
  const amount =
    r.data.amount === undefined || action === 'void'
      ? undefined
      : parseAmount(r.data.amount, parseCurrency(payment.currency), 'amount').minor;
  const key = requestKey(payment.clientKey, `console-${action}`, `${transId}\n${r.data.idempotency_key}`);
  const reply = (pay: Payment, e: PaymentEvent): ConsolePaymentActionAnswer => ({
    result: e.result,
    // The follow-up this action ran (a refund of an authorization, or of a debit, is its REVERSAL).
    operation: e.operation as ConsolePaymentActionAnswer['operation'],
    ...(e.declineReason ? { declineReason: e.declineReason } : {}),
    payment: paymentSummary(pay),
  });
  const answer = await runOnce(cx.d.payments, key, false, async (_key, followUp) => {
    // The outcome's write also completes the claim with this answer: the same key later gets it back, not a new attempt.
    const hooks = {
      callbacks: recorderFor(cx.d, config, payment.protocol),
      followUp,
      idempotency: { key, result: (pay: Payment, e: PaymentEvent) => ({ statusCode: 200, body: JSON.stringify(reply(pay, e)) }) },
    };
    // The entry goes with the attempt's first write (its reservation, or its outcome with the callback): it says
    // what was asked; the payment's timeline says what came of it.
    const asked = formatAmount(money(action === 'void' ? payment.amount : (amount ?? payment.amount), payment.currency));
    const about = { clientKey: payment.clientKey, target: transId, details: { amount: asked, currency: payment.currency } };
    const result = await audited(cx, p, `payment.${action}`, about, (alongside) =>
      action === 'refund'
        ? creditvoid(cx.d, { payment, amount }, { ...hooks, alongside })
        : action === 'void'
          ? voidPayment(cx.d, { payment }, { ...hooks, alongside })
          : capture(cx.d, { payment, amount }, { ...hooks, alongside }),
    );
    return { statusCode: 200, body: reply(result.payment, result.event) };
  });
  // A repeated key gets the stored JSON of the first attempt's reply().
  return answer.body as ConsolePaymentActionAnswer;
}
