/**
 * RETRY: charges a soft-declined recurring transaction (RECURRING_SALE / RECURRING_DEBIT, scheduled ones included)
 * again, on the same trans_id with the card of its chain. Answers {action:"RETRY", result:"ACCEPTED", order_id,
 * trans_id}; the outcome (SUCCESS/SETTLED or DECLINED) comes by callback. Hash: Formula 1 over the payment's email
 * and card (protocol.md §2.1); Formula 2 over the trans_id is accepted too, as the other trans_id actions use it.
 */
import { BusinessRuleError, InvalidHashError, NotFoundError } from '../../errors.js';
import type { Payment, TransactionType } from '../../domain/payment.js';
import { connectorNamed } from '../../connectors/registry.js';
import { FieldReader, PATTERNS } from '../../protocol/fields.js';
import { formula1, hashEquals } from '../../protocol/signature.js';
import { applyOutcome } from '../payment/index.js';
import { runAttempt } from '../payment/attempt.js';
import { canRetry } from '../payment/recurring.js';
import type { S2sCardAction, S2sCardRequest } from './action.js';
import { verifyPaymentHash } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const RETRY_NOT_ALLOWED = 'Retry is not allowed.';

async function load(req: S2sCardRequest): Promise<Payment> {
  const f = new FieldReader(req.form);
  const transId = f.required('trans_id', { max: 64 });
  f.required('hash');
  f.throwIfInvalid();
  const payment = PATTERNS.uuid.test(transId) ? await req.deps.payments.get(transId) : undefined;
  if (!payment || payment.clientKey !== req.config.merchant.clientKey) throw NotFoundError.transaction();
  const { password, hashAlgorithm } = req.config.merchant;
  const card6_4 = payment.card ? `${payment.card.bin}${payment.card.last4}` : '';
  if (!hashEquals(formula1({ email: payment.payerEmail, password, cardNumber: card6_4 }, hashAlgorithm), req.form.hash as string | undefined)) {
    try {
      verifyPaymentHash(req, payment);
    } catch {
      throw new InvalidHashError();
    }
  }
  return payment;
}

export const retry: S2sCardAction = {
  action: 'RETRY',
  async run(req) {
    const payment = await load(req);
    const firstTransId = payment.details.recurringFirstTransId;
    if (!canRetry(payment) || typeof firstTransId !== 'string') {
      throw new BusinessRuleError(100000, RETRY_NOT_ALLOWED);
    }
    const initial = await req.deps.payments.get(firstTransId);
    const entry = initial?.recurringToken ? await req.deps.cardVault.get('recurring', initial.recurringToken, payment.clientKey) : undefined;
    if (!entry) throw new BusinessRuleError(100000, RETRY_NOT_ALLOWED);
    const type = payment.action as TransactionType;
    return once(req, false, async () => {
      const attemptId = req.deps.newId();
      const { payment: after } = await runAttempt(
        req.deps,
        payment,
        { type, amount: payment.amount, id: attemptId },
        (p) =>
          connectorNamed(p.connector).pay({ transId: attemptId, amount: p.amount, currency: p.currency, card: entry.card, authorize: false, externalThreeDs: true }),
        (next, outcome, now) => {
          // The payer is not present: a retry cannot run an authentication step.
          applyOutcome(next, outcome.kind === 'challenge' ? { kind: 'declined', reason: 'Authentication is not possible for a retry.' } : outcome, false);
          if (next.status === 'SETTLED') next.capturedAmount = next.amount;
          return { operation: type, result: next.status === 'SETTLED' ? 'SUCCESS' : 'DECLINED', amount: next.amount, attemptId, date: now, declineReason: next.declineReason };
        },
        { callbacks: s2sRecorder(req) },
      );
      return { statusCode: 200, body: { action: 'RETRY', result: 'ACCEPTED', order_id: after.orderId, trans_id: after.transId } };
    });
  },
};
