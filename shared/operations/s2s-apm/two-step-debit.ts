/**
 * DEBIT2VIRTUAL_CALC + DEBIT2VIRTUAL_COMPLETE, protocol-neutral. CALC records the payment as PREPARE with the
 * provider's commission and moves no money (no callback: nothing happened yet); COMPLETE charges amount + commission
 * once — the attempt is reserved with a conditional write first, so concurrent COMPLETEs produce one charge.
 */
import { BusinessRuleError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import {
  nextVersion,
  runAttempt,
  type AttemptHooks,
  permitOrThrow,
  newPayment,
  applyOutcome,
  ownAttemptEvent,
  reserveOnce,
  newTransId,
  type CoreDeps,
  type CoreResult,
} from '../payment/index.js';
import { apmConnectorFor, newRedirectToken, tokenHash, type ApmChargeInput, type ApmChargeResult } from './charge.js';

export async function prepareDebit(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors' | 'apmConnectors'>,
  input: ApmChargeInput,
  idempotency?: AttemptHooks['idempotency'],
): Promise<Payment> {
  const connector = apmConnectorFor(d.apmConnectors.forMids([input.mid]), input.brand);
  const transId = await newTransId(d, idempotency);
  const now = d.clock.now().toISOString();
  const commission = connector.commission({ brand: input.brand, amount: input.amount, currency: input.currency });
  // No history entry yet: CALC moves no money; COMPLETE records the DEBIT attempt.
  const payment = newPayment({
    ...input,
    transactionType: undefined,
    transId,
    connector: connector.name,
    details: {
      ...input.details,
      brand: input.brand,
      ...(input.identifier ? { identifier: input.identifier } : {}),
      authorize: false,
      transactionType: 'DEBIT',
      commission,
    },
    now,
  });
  const event = { operation: 'DEBIT', result: 'SUCCESS' as const, amount: input.amount, attemptId: transId, date: now };
  if (!idempotency) {
    await d.payments.create(payment, []);
    return payment;
  }
  // Claim with the record, then store the answer for replays (as every payment-creating action does).
  const recovered = await reserveOnce(d, payment, { callbacks: () => [], idempotency });
  if (recovered) {
    // An earlier identical request reserved its record and died before storing the answer: answer that record.
    const earlier = recovered.payment;
    await d.payments.completeClaim(
      idempotency.key,
      earlier.transId,
      idempotency.result(earlier, { ...event, attemptId: earlier.transId }),
      idempotency.claimTtlSeconds,
    );
    return earlier;
  }
  const stored = nextVersion(payment, now);
  // The answer is kept on the payment, which is the claim (or which the claim names).
  const answer = idempotency.result(stored, { ...event, attemptId: stored.transId });
  await d.payments.update(stored, [], { key: idempotency.key, result: answer, keepSeconds: idempotency.claimTtlSeconds });
  return stored;
}

export function checkCompletable(p: Payment): void {
  permitOrThrow(p, { name: 'COMPLETE_DEBIT' }, { NOT_ALLOWED: () => BusinessRuleError.debitNotCompletable() });
}

export async function completeDebit(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'apmConnectors'>,
  input: { payment: Payment; redirectToken?: string },
  hooks: AttemptHooks,
): Promise<ApmChargeResult> {
  checkCompletable(input.payment);
  const commission = input.payment.details.commission ?? 0;
  const attemptId = d.newId();
  let redirectToken: string | undefined;
  const done: CoreResult = await runAttempt(
    d,
    input.payment,
    { type: 'DEBIT', amount: input.payment.amount, id: attemptId },
    (p) =>
      d.apmConnectors.named(p.connector).pay({
        transId: p.transId,
        brand: p.details.brand ?? '',
        identifier: p.details.identifier,
        amount: p.amount + commission,
        currency: p.currency,
        authorize: false,
      }),
    (next, outcome, now) => {
      const decision = applyOutcome(next, outcome, false);
      if (outcome.kind === 'challenge') {
        // The payer finishes on the method's page; the step is recorded as REDIRECT, waiting.
        next.history.find((h) => h.id === attemptId)!.type = 'REDIRECT';
        redirectToken = input.redirectToken ?? newRedirectToken();
        next.details.redirectTokenHash = tokenHash(redirectToken);
      }
      return ownAttemptEvent(next, decision, outcome.kind === 'challenge' ? 'REDIRECT' : 'DEBIT', attemptId, now);
    },
    hooks,
  );
  return { ...done, redirectToken };
}
