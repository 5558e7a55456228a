/**
 * GET /api/v1/merchant/payments/{transId}: one of the merchant's payments, for a lookup by any of its keys (a
 * read-only key included). Amounts as decimal strings with their currency (from minor units), the card masked, and
 * no token that could charge again (recurring or card token). Another merchant's payment is answered like an
 * unknown one, so trans_ids cannot be probed.
 */
import type { Deps } from '../deps.js';
import { NotFoundError } from '../../domain/errors.js';
import { formatAmount, money } from '../../domain/money.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import type { MerchantPaymentAnswer } from '../../protocol/merchant-api/answers.js';

export type { MerchantPaymentAnswer };

export async function merchantPayment(d: Pick<Deps, 'payments'>, clientKey: string, transId: string): Promise<MerchantPaymentAnswer> {
  // A trans_id is a UUID; anything longer could not name a payment (and must not reach a DynamoDB key).
  const payment = transId && transId.length <= 64 ? await d.payments.get(transId) : undefined;
  if (!payment || payment.clientKey !== clientKey) throw NotFoundError.transaction();
  return answer(payment);
}

function answer(p: Payment): MerchantPaymentAnswer {
  const amount = (minor: number) => formatAmount(money(minor, p.currency));
  return {
    trans_id: p.transId,
    order_id: p.orderId,
    action: p.action,
    status: p.status,
    amount: amount(p.amount),
    captured_amount: amount(p.capturedAmount),
    refunded_amount: amount(p.refundedAmount),
    currency: p.currency,
    card: p.card ? maskCard(p.card) : null,
    decline_reason: p.declineReason ?? null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    transactions: p.history.map((t) => ({
      type: t.type,
      status: t.status,
      amount: amount(t.amount),
      date: t.date,
      decline_reason: t.declineReason ?? null,
    })),
  };
}
