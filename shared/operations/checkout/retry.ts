/**
 * POST /api/v1/payment/retry: charges a soft-declined recurring payment again, on the same payment and the card of
 * its chain. There is no protocol-neutral retry core yet, so the attempt is built here on the shared attempt pipeline.
 */
import type { Deps } from '../../deps.js';
import { BusinessRuleError } from '../../errors.js';
import { connectorNamed } from '../../connectors/registry.js';
import { idHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { applyOutcome } from '../payment/index.js';
import { runAttempt } from '../payment/attempt.js';
import { checkoutCallbacks } from './callbacks.js';
import { canRetry } from '../payment/recurring.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

export const RETRY_NOT_ALLOWED = 'Retry is not allowed.';

export async function retry(d: Deps, rawBody: string, callerIp: string | undefined): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.required('payment_id');
  f.required('hash');
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(idHash(merchant, paymentId), f.body.hash);
  const payment = await checkoutPayment(d, merchant, paymentId);
  const firstTransId = payment.details.recurringFirstTransId;
  if (!canRetry(payment) || typeof firstTransId !== 'string') {
    throw new BusinessRuleError(100000, RETRY_NOT_ALLOWED);
  }
  const initial = await d.payments.get(firstTransId);
  const entry = initial?.recurringToken ? await d.cardVault.get('recurring', initial.recurringToken, merchant.clientKey) : undefined;
  if (!entry) throw new BusinessRuleError(100000, RETRY_NOT_ALLOWED);
  const attemptId = d.newId();
  const { payment: after } = await runAttempt(
    d,
    payment,
    { type: 'RECURRING_SALE', amount: payment.amount, id: attemptId },
    (p) =>
      connectorNamed(p.connector).pay({ transId: attemptId, amount: p.amount, currency: p.currency, card: entry.card, authorize: false, externalThreeDs: true }),
    (next, outcome, now) => {
      applyOutcome(next, outcome.kind === 'challenge' ? { kind: 'declined', reason: 'Authentication is not possible for a retry.' } : outcome, false);
      if (next.status === 'SETTLED') next.capturedAmount = next.amount;
      const result = next.status === 'SETTLED' ? 'SUCCESS' : 'DECLINED';
      return { operation: 'RECURRING_SALE', result, amount: next.amount, attemptId, date: now, declineReason: next.declineReason };
    },
    { callbacks: checkoutCallbacks(d, merchant) },
  );
  return acceptedBody(after);
}
