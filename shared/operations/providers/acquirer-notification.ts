/**
 * An acquirer's notification (POST /providers/{slug}/notifications, e.g. the upstream gateway's callback): the
 * connector reads which payment it names and verifies it with that payment's MID credentials; a verified one that
 * reports a final outcome makes the platform settle the payment now, by asking the acquirer — a 3DS / redirect step
 * is completed (completeChallenge) once the acquirer says it has decided, a transaction left waiting (a refund, a
 * timed-out payment) is resolved as the reconciler would. The notification's own words never decide: what it says
 * may be replayed or unsigned (the upstream's result is), so only the acquirer's answer to our question counts, and
 * "still authenticating" leaves the step open. Every change is a conditional write: the same notification twice,
 * even concurrently, changes the payment and sends the merchant's callback once.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError } from '../../domain/errors.js';
import type { Connector } from '../../ports/connector.js';
import { PATTERNS } from '../../protocol/fields.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import { completeChallenge, confirmReversal, isWaitingForChallenge, recordLateOutcome } from '../payment/index.js';
import { countChallengeDeclines } from '../risk/challenge-declines.js';
import { ownTransaction } from '../../domain/payment-machine/index.js';
import type { Payment } from '../../domain/payment.js';
import type { MidConnector } from '../../ports/connector.js';
import { recorderFor } from '../reconciliation/recorders.js';
import { reconcilePayment } from '../reconciliation/reconcile.js';
import { logger } from '../../lib/logger.js';
import { asEarlierAttempt, currentAttempt } from './attempt-mid.js';
import { acquirerLateReport } from './acquirer-late-outcome.js';

/** applied: the payment changed; unchanged: nothing left to settle (or a step notice); unknown: not our payment. */
export type AcquirerNotificationEffect = 'applied' | 'unchanged' | 'unknown';

export async function applyAcquirerNotification(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk' | 'config'>,
  connector: Connector,
  rawBody: string,
  signature?: string,
): Promise<AcquirerNotificationEffect> {
  const transId = connector.notifications?.paymentOf(rawBody);
  const payment = transId && PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  // Acknowledged without a word about why: an unsigned body learns nothing about which payments exist.
  if (!payment || payment.connector !== connector.name) return 'unknown';
  const attempt = connector.notifications?.attemptOf?.(rawBody) ?? currentAttempt(payment);
  if (attempt !== currentAttempt(payment)) {
    // About an attempt the payment has moved on from (another MID, before it cascaded): verified with that MID, then
    // acknowledged; its outcome was recorded then, and is not this payment's now.
    await (await d.connectors.forPayment(await asEarlierAttempt(d, payment, attempt, connector.name))).verifyNotification(rawBody);
    logger.warn('acquirer notification of an earlier cascade attempt acknowledged, not applied', {
      transId: payment.transId,
      connector: connector.name,
      attempt,
    });
    return 'unchanged';
  }
  const bound = await d.connectors.forPayment(payment);
  const { final, reports, reversal } = await bound.verifyNotification(rawBody, signature);
  if (reversal) {
    // How the reversal of a late approval ended (late-outcome.ts): recorded on its entry once; a failed one is flagged.
    const effect = await confirmReversal(d, payment, 'reverse', reversal.ok, reversal.note ?? (reversal.ok ? undefined : reversal.event));
    logger.info('acquirer notification', {
      transId: payment.transId,
      clientKey: payment.clientKey,
      connector: connector.name,
      event: reversal.event,
      effect,
    });
    return effect;
  }
  if (!final) return 'unchanged';

  let effect: AcquirerNotificationEffect = 'unchanged';
  if (isWaitingForChallenge(payment)) {
    // The payer may still be on the acquirer's page: complete the step only once the acquirer has decided it.
    if (!(await stepDecided(bound, payment))) return 'unchanged';
    const config = await d.merchants.get(payment.clientKey);
    if (!config) return 'unknown';
    try {
      await completeChallenge(d, { payment }, { callbacks: recorderFor(d, config, payment.protocol), declined: countChallengeDeclines(d) });
      effect = 'applied';
    } catch (err) {
      // A duplicate that lost the race to the first: the payment is already decided.
      if (!(err instanceof ConflictError || err instanceof BusinessRuleError)) throw err;
    }
  } else if (awaitingAcquirer(payment).length) {
    const r = await reconcilePayment(
      { deps: d, graceSeconds: 0, giveUpSeconds: Number.POSITIVE_INFINITY },
      payment.transId,
      d.clock.now().getTime(),
    );
    if (r.resolved) effect = 'applied';
  } else if (reports) {
    // Nothing waits, but it may contradict what was recorded (a late approval after the give-up): never dropped.
    const late = await acquirerLateReport(bound, payment, reports);
    if (late) effect = await recordLateOutcome(d, payment, late);
  }
  logger.info('acquirer notification', { transId: payment.transId, clientKey: payment.clientKey, connector: connector.name, effect });
  return effect;
}

/** Whether the acquirer has decided the payment's own transaction (approved or declined), asked now. */
async function stepDecided(bound: MidConnector, p: Payment): Promise<boolean> {
  try {
    const answer = await bound.inquire({
      transId: p.transId,
      attemptId: p.transId,
      type: ownTransaction(p),
      amount: p.amount,
      currency: p.currency,
      startedAt: p.createdAt,
      card: p.card && { expMonth: p.card.expMonth, expYear: p.card.expYear },
    });
    return answer !== 'unknown' && (answer.kind === 'approved' || answer.kind === 'declined');
  } catch (err) {
    // No answer now: the step stays open, and the acquirer's next notification asks again.
    logger.warn('acquirer status unavailable for a notification', { transId: p.transId, error: (err as Error).message });
    return false;
  }
}
