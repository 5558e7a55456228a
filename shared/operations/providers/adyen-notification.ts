/**
 * Adyen's standard webhooks (POST /providers/adyen/notifications). Unlike the upstream's callbacks, what an Adyen item
 * says is signed (its HMAC covers the event, the references, the amount and `success`), and Adyen's Checkout API has
 * no status lookup to ask instead: a signed item IS the answer. So each item is
 *   1. read: which of our payments it names (merchantReference: our trans_id, trans_id-aN for the payment's cascade
 *      attempt N, or trans_id.suffix for a follow-up);
 *   2. checked: its HMAC with the key and merchant account of the MID of the attempt it names (the connector's
 *      verify) — every item of the request before any is applied, so one forged item refuses the whole request
 *      (nothing changes). An item of an earlier attempt (another MID, before the payment cascaded) is verified with
 *      that MID, then acknowledged and logged, never applied;
 *   3. applied through the platform's own paths, as if the connector had answered: a payment waiting for its 3DS
 *      step is completed (payment/challenge.ts), a transaction waiting for Adyen (a capture, refund or cancel
 *      answered "received", a payment answered Pending or never answered) is resolved as the reconciler would.
 * Both are conditional writes: the same item delivered twice, even at once, changes the payment and sends the
 * merchant's callback once. Items about payments that are not ours, and events we do not apply, are acknowledged.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError, NotFoundError, SignatureError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import type { ConnectorInquiry, ConnectorOutcome, ConnectorRegistry } from '../../ports/connector.js';
import { PATTERNS } from '../../protocol/fields.js';
import {
  ADYEN,
  ADYEN_REFUSED,
  parseNotificationRequest,
  referenceParts,
  type AdyenNotificationItem,
} from '../../protocol/providers/adyen-webhook.js';
import { completeChallenge, isWaitingForChallenge, confirmReversal, recordLateOutcome } from '../payment/index.js';
import { countChallengeDeclines } from '../risk/challenge-declines.js';
import { recorderFor } from '../reconciliation/recorders.js';
import { reconcilePayment } from '../reconciliation/reconcile.js';
import { logger } from '../../lib/logger.js';
import { asEarlierAttempt, currentAttempt } from './attempt-mid.js';
import { adyenLateReport, adyenReversalResult } from './adyen-late-outcome.js';

/** applied: the item changed its payment; unchanged: nothing (left) to change; unknown: not one of our payments. */
export type AdyenNotificationEffect = 'applied' | 'unchanged' | 'unknown';

/** What an item answers, and about which of the payment's transactions. */
interface ItemAnswer {
  outcome: ConnectorOutcome;
  /** Whether the item is about this waiting transaction. */
  concerns(req: Pick<ConnectorInquiry, 'transId' | 'attemptId' | 'type' | 'amount'>): boolean;
}

export async function receiveAdyenNotifications(
  d: Pick<Deps, 'config' | 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk'>,
  rawBody: string,
): Promise<AdyenNotificationEffect[]> {
  const request = parseNotificationRequest(rawBody);
  // Not Adyen's shape: it cannot carry a valid signature either.
  if (!request) throw SignatureError.invalid();
  if (!d.connectors.names().includes(ADYEN)) throw NotFoundError.provider();

  const payments: Array<Payment | undefined> = [];
  for (const item of request.items) {
    const payment = await paymentOf(d, item);
    // Throws SignatureError: the request is refused and Adyen delivers it again (with a corrected key, it applies).
    if (payment) await (await d.connectors.forPayment(await attemptPayment(d, item, payment))).verifyNotification(JSON.stringify(item));
    payments.push(payment);
  }
  // Test and live never mix: Adyen's test platform's webhooks change nothing in a live stage, nor live ones in a sandbox.
  if (request.live !== (d.config.STAGE_KIND === 'live')) {
    logger.warn('Adyen webhook of the other platform (live / test) ignored', { live: request.live });
    return request.items.map(() => 'unknown');
  }
  const effects: AdyenNotificationEffect[] = [];
  for (const [i, item] of request.items.entries()) {
    const payment = payments[i];
    const earlier = payment ? earlierAttempt(item, payment) : undefined;
    if (payment && earlier) {
      // Signed by the MID of an attempt the payment has moved on from (a soft decline, then the next MID): its answer
      // was recorded then, and is not this payment's now. Acknowledged, never applied; an approval there is money at
      // the other MID, for an operator to cancel.
      const fields = {
        transId: payment.transId,
        attempt: earlier,
        eventCode: item.eventCode,
        success: item.success,
        pspReference: item.pspReference,
      };
      if (item.success === 'true' && item.eventCode === 'AUTHORISATION')
        logger.error('Adyen webhook of an earlier cascade attempt acknowledged, not applied', fields);
      else logger.warn('Adyen webhook of an earlier cascade attempt acknowledged, not applied', fields);
      effects.push('unchanged');
      continue;
    }
    const effect = payment ? await applyItem(d, item, payment) : 'unknown';
    logger.info('Adyen webhook', { transId: payment?.transId, eventCode: item.eventCode, success: item.success, effect });
    effects.push(effect);
  }
  return effects;
}

/** The cascade attempt an item about the payment's own transaction names, when it is not the payment's current one. */
function earlierAttempt(item: AdyenNotificationItem, payment: Payment): number | undefined {
  const { attempt, suffix } = referenceParts(item.merchantReference);
  return suffix === undefined && attempt !== currentAttempt(payment) ? attempt : undefined;
}

/**
 * The payment as the MID of the attempt the item names: its own MID, or the Adyen MID an earlier attempt went to,
 * whose key signed that attempt's items. An attempt it never made cannot be verified.
 */
async function attemptPayment(d: Pick<Deps, 'merchants'>, item: AdyenNotificationItem, payment: Payment): Promise<Payment> {
  const attempt = earlierAttempt(item, payment);
  return attempt ? asEarlierAttempt(d, payment, attempt, ADYEN) : payment;
}

async function paymentOf(d: Pick<Deps, 'payments'>, item: AdyenNotificationItem): Promise<Payment | undefined> {
  const { transId } = referenceParts(item.merchantReference);
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  return payment?.connector === ADYEN ? payment : undefined;
}

async function applyItem(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'risk' | 'config'>,
  item: AdyenNotificationItem,
  payment: Payment,
): Promise<AdyenNotificationEffect> {
  // An outcome contradicting what was recorded (a late approval after a decline, a failed capture or refund after a
  // success) is never acknowledged silently: recorded, counted, reversed or flagged (late-outcome.ts).
  const late = adyenLateReport(item, payment);
  if (late) return recordLateOutcome(d, payment, late);
  const reversal = adyenReversalResult(item);
  if (reversal) return confirmReversal(d, payment, reversal.handling, reversal.ok, reversal.note);
  const answer = answerOf(item, payment);
  if (!answer) return 'unchanged';
  const config = await d.merchants.get(payment.clientKey);
  if (!config) return 'unknown';
  const answered = answering(d, answer);
  if (item.eventCode === 'AUTHORISATION' && isWaitingForChallenge(payment)) {
    if (!answer.concerns({ transId: payment.transId, attemptId: payment.transId, type: payment.action, amount: payment.amount }))
      return 'unchanged';
    try {
      await completeChallenge(
        answered,
        { payment },
        { callbacks: recorderFor(d, config, payment.protocol), declined: countChallengeDeclines(d) },
      );
      return 'applied';
    } catch (err) {
      // A duplicate (or the payer's own return) that won the race: the payment is already decided.
      if (err instanceof ConflictError || err instanceof BusinessRuleError) return 'unchanged';
      throw err;
    }
  }
  if (!awaitingAcquirer(payment).length) return 'unchanged';
  const r = await reconcilePayment(
    { deps: answered, graceSeconds: 0, giveUpSeconds: Number.POSITIVE_INFINITY },
    payment.transId,
    d.clock.now().getTime(),
  );
  return r.resolved ? 'applied' : 'unchanged';
}

const FOLLOW_UPS = ['CAPTURE', 'VOID', 'REFUND', 'REVERSAL'];

/** The item's outcome and the transaction it is about; undefined for events we do not apply. */
function answerOf(item: AdyenNotificationItem, payment: Payment): ItemAnswer | undefined {
  if (item.amount.currency !== payment.currency) return undefined;
  const ok = item.success === 'true';
  const declined: ConnectorOutcome = { kind: 'declined', reason: item.reason || ADYEN_REFUSED };
  const followUp: ConnectorOutcome = ok ? { kind: 'approved', rrn: '', approvalCode: '' } : declined;
  const { suffix } = referenceParts(item.merchantReference);
  const sameAmount = (amount: number) => amount === item.amount.value;
  switch (item.eventCode) {
    case 'AUTHORISATION':
      return {
        outcome: ok ? { kind: 'approved', rrn: item.pspReference, approvalCode: authCode(item) } : { ...declined, rrn: item.pspReference },
        // The payment's own transaction (its first try, or a 3DS completion left waiting): never a follow-up.
        concerns: (r) => !FOLLOW_UPS.includes(r.type) && sameAmount(payment.amount),
      };
    case 'CAPTURE':
    case 'CAPTURE_FAILED':
      return { outcome: item.eventCode === 'CAPTURE' ? followUp : declined, concerns: (r) => r.type === 'CAPTURE' && sameAmount(r.amount) };
    case 'CANCELLATION':
      // The cancel of a held authorisation: our REVERSAL, named by its attempt id.
      return { outcome: followUp, concerns: (r) => r.type === 'REVERSAL' && r.attemptId === suffix };
    case 'CANCEL_OR_REFUND':
      // Adyen's reversal: our VOID (one per payment).
      return { outcome: followUp, concerns: (r) => r.type === 'VOID' };
    case 'REFUND':
    case 'REFUND_FAILED': {
      // A refund's own Adyen reference is kept as its ARN.
      const outcome: ConnectorOutcome =
        item.eventCode === 'REFUND' && ok ? { kind: 'approved', rrn: '', approvalCode: '', arn: item.pspReference } : declined;
      return {
        outcome,
        // Our reference names the refund attempt; without one (a refund made elsewhere) nothing of ours matches.
        concerns: (r) => (r.type === 'REFUND' || r.type === 'REVERSAL') && r.attemptId === suffix && sameAmount(r.amount),
      };
    }
    default:
      return undefined;
  }
}

/** The authorisation code: additionalData.authCode, or the first part of a successful AUTHORISATION's reason. */
function authCode(item: AdyenNotificationItem): string {
  return item.additionalData?.authCode ?? (item.success === 'true' ? ((item.reason ?? '').split(':')[0] ?? '') : '');
}

/**
 * The platform's Deps with the Adyen connector answering from the signed item: the transaction it concerns gets its
 * outcome, every other one stays as it is ('unknown'), and nothing is sent to Adyen.
 */
function answering<D extends Pick<Deps, 'connectors'>>(d: D, answer: ItemAnswer): D {
  const registry = d.connectors;
  const connectors: ConnectorRegistry = {
    names: () => registry.names(),
    named: (name) => registry.named(name),
    forMid: (clientKey, mid) => registry.forMid(clientKey, mid),
    bySlug: (slug) => registry.bySlug(slug),
    async forPayment(p) {
      const bound = await registry.forPayment(p);
      return {
        ...bound,
        inquire: async (req) => (answer.concerns(req) ? answer.outcome : 'unknown'),
        completeChallenge: async () => answer.outcome,
      };
    },
  };
  // Every port of `d` as it is (composed ports keep their lazy getters), with the answering connectors in place.
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(d), connectors: { value: connectors, enumerable: true } }) as D;
}
