/**
 * Cascading (docs/routing.md): a payment declined softly by one MID of its rule is tried on the rule's next MID, in
 * the same request, up to the table's maxAttempts. Only a soft decline — an answer on the configured list, matched
 * whole (routing/soft-declines.ts), or an acquirer that refused the request before it was reached — moves on. Never after a hard decline, after a timeout
 * (the first acquirer may have approved: the outcome is undetermined), or once 3DS / a redirect has started.
 *
 * Before asking the next MID, the payment is written with that MID: if this process dies or the next acquirer does
 * not answer, the reconciler asks the MID that may hold the money. The path without a cascade writes nothing more.
 *
 * MID health: a half-open MID is called only by the payment that claims its trial (routing/health.ts `admits`); a payment that
 * loses the claim goes on to the next MID as if that one were open. Skipping a MID is no attempt (nothing was asked).
 */
import type { Mid } from '../../../domain/merchant.js';
import type { Payment } from '../../../domain/payment.js';
import type { RoutingAttempt } from '../../../domain/payment-details.js';
import { AcquirerUrlRefusedError, type ConnectorOutcome } from '../../../ports/connector.js';
import { logger } from '../../../lib/logger.js';
import type { CoreDeps } from './types.js';

export interface Cascade {
  /** MIDs to try next, in order: on a soft decline, or instead of a half-open MID another payment holds the trial of. */
  fallbacks: Mid[];
  /** The most MIDs one request may try, the first included. */
  maxAttempts: number;
  /** Whether an answer may go on to the next MID (routing/soft-declines.ts, with the merchant's list). */
  isSoftDecline: (outcome: ConnectorOutcome) => boolean;
  /** Where each MID's connector result is recorded (MID health, routing/health.ts); absent: nothing is recorded. */
  health?: MidHealthRecorder;
}

/** MID health as the cascade records it (routing/health.ts keeps it on the merchant). */
export interface MidHealthRecorder {
  /**
   * May this payment call the MID now? A MID routing did not see half-open: yes, without a write. A half-open one: only
   * the payment that claims its trial (or finds it closed meanwhile). Never throws: when the claim cannot be written,
   * the payment goes to the MID as it did before trials.
   */
  admits(mid: Mid): Promise<boolean>;
  /** The MID's connector threw (no answer). Never throws itself: health must not change a payment's answer. */
  failed(mid: Mid): Promise<void>;
  /** The MID answered (approved, declined, a challenge, pending). */
  answered(mid: Mid): Promise<void>;
}

/** Nothing was sent: the acquirer cannot have acted on the request. */
function notReached(err: unknown): boolean {
  if (err instanceof AcquirerUrlRefusedError) return true;
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND';
}

function answerOf(outcome: ConnectorOutcome): string {
  if (outcome.kind === 'declined') return `declined: ${outcome.reason}`;
  return outcome.kind;
}

/**
 * Calls `pay` on the payment's MID, then on the fallbacks while the answer is a soft decline. `reserved` is the
 * payment as written; it is updated in place (MID, version, attempts) so the caller's final write follows on.
 */
export async function payWithCascade(
  d: Pick<CoreDeps, 'payments' | 'clock'>,
  reserved: Payment,
  first: Mid,
  cascade: Cascade | undefined,
  pay: (mid: Mid, attempt: number) => Promise<ConnectorOutcome>,
): Promise<ConnectorOutcome> {
  const candidates = [first, ...(cascade?.fallbacks ?? [])];
  const maxAttempts = Math.max(1, cascade?.maxAttempts ?? 1);
  const attempts: RoutingAttempt[] = [];
  let next = 0;
  let passed: Mid | undefined;
  /** The next MID to ask, or undefined when the payment may ask no more. */
  const nextMid = async (): Promise<Mid | undefined> => {
    if (attempts.length >= maxAttempts) return undefined;
    while (next < candidates.length) {
      const mid = candidates[next++]!;
      if (!cascade?.health || (await cascade.health.admits(mid))) return mid;
      passed ??= mid;
    }
    // Only MIDs on another payment's trial were left: the first of them, as when every MID is open (never refused).
    return attempts.length === 0 ? passed : undefined;
  };
  let mid = (await nextMid())!;
  for (;;) {
    if (mid.midId !== reserved.midId) await switchMid(d, reserved, mid, attempts);
    let outcome: ConnectorOutcome;
    try {
      outcome = await pay(mid, attempts.length + 1);
    } catch (err) {
      // No answer (timeout, error, not reached) counts against the MID's health; a decline is an answer.
      await cascade?.health?.failed(mid);
      if (!notReached(err)) throw err;
      attempts.push({ midId: mid.midId, answer: 'not reached' });
      const after = await nextMid();
      if (!after) throw err;
      mid = after;
      continue;
    }
    await cascade?.health?.answered(mid);
    attempts.push({ midId: mid.midId, answer: answerOf(outcome) });
    const after = cascade?.isSoftDecline(outcome) ? await nextMid() : undefined;
    if (after) {
      mid = after;
      continue;
    }
    if (attempts.length > 1) reserved.details.routingAttempts = attempts;
    return outcome;
  }
}

/** The payment now belongs to `mid`: written before that MID is asked, conditional on the version (one writer). */
async function switchMid(d: Pick<CoreDeps, 'payments' | 'clock'>, reserved: Payment, mid: Mid, attempts: RoutingAttempt[]): Promise<void> {
  reserved.midId = mid.midId;
  reserved.connector = mid.connector;
  reserved.descriptor = mid.descriptor;
  reserved.details.midName = mid.name;
  // Moved before any MID was asked (its first MID was on another payment's trial): no attempts to list yet.
  if (attempts.length > 0) reserved.details.routingAttempts = [...attempts];
  // The attempt this MID serves names the payment there (its own reference and Idempotency-Key): written before the
  // MID is asked, so follow-ups, inquiries and webhooks find the payment by it.
  if (attempts.length > 0) reserved.details.routingAttempt = attempts.length + 1;
  reserved.version += 1;
  reserved.updatedAt = d.clock.now().toISOString();
  await d.payments.update(reserved, []);
  if (attempts.length > 0)
    logger.info('payment cascaded to the next MID', { transId: reserved.transId, midId: mid.midId, attempt: attempts.length + 1 });
}
