/**
 * A follow-up (CAPTURE, VOID, CREDITVOID) in two DynamoDB round trips: the reservation is one conditional UpdateItem
 * that takes the plan the state machine left on the payment (domain/payment-machine/plans.ts) — the payment is the
 * merchant's (and of the protocol, when one is named), the request's hash verifies against the verifier kept on it
 * (S2S CARD hashes the payer's email and card: `fuv`), nothing waits on it, the plan takes the amount — and returns
 * the payment; then the acquirer, then the outcome. So a request that is not allowed to act writes nothing.
 *
 * When the condition refuses (no plan: something waits, the status or the amount does not fit, a duplicate holds the
 * plan, another currency; a wrong hash, a verifier stale or missing), the payment it returns is the read, and the
 * follow-up runs as before: the machine decides on it (a wrong hash answers its error, nothing written), and the
 * reservation is a versioned write (three round trips). So every guarantee of that path holds here too:
 * one reservation per plan (the intent removes it), a duplicate finds the claim, a request that died leaves its
 * attempt waiting with its claim, answered by inquiry (recover.ts).
 */
import type { Payment } from '../../../domain/payment.js';
import { findCurrency, parseAmount } from '../../../domain/money.js';
import type { FollowUpEvent } from '../../../domain/payment-machine/index.js';
import type { Attempt, AttemptHooks } from './attempt.js';
import { shortHash } from './follow-up-claim.js';
import { attemptFollowUp, type FollowUpDeps } from './follow-up-pipeline.js';
import type { CoreResult } from './types.js';

export interface FollowUpTarget {
  transId: string;
  clientKey: string;
  /** Only a payment of this protocol. */
  protocol?: Payment['protocol'];
  event: FollowUpEvent;
  /** The verifier of the request's hash the payment must keep (undefined: the hash needs nothing from the payment). */
  verifier?: string;
  /** The amount as the request sent it (undefined: none). */
  amountText?: string;
  /** Checks the payment found (the merchant's, the request's hash) and returns it; throws the protocol's error. */
  verify(found: Payment | undefined): Payment;
  /** The follow-up on a payment as read (the core: resumes an abandoned claim, asks the machine, reserves). */
  onRead(payment: Payment): Promise<CoreResult>;
}

export async function runFollowUp(d: FollowUpDeps, t: FollowUpTarget, hooks: AttemptHooks): Promise<CoreResult> {
  const claim = hooks.followUp;
  const amount = intentAmount(t.amountText);
  if (!claim?.onPayment || amount === null) return t.onRead(t.verify(await d.payments.get(t.transId)));
  const started = d.clock.now().toISOString();
  const attemptId = d.newId();
  const lockExpiresAt = Date.parse(started) + d.payments.claimLockMs;
  const bodyHash = claim.onPayment.bodyHash;
  const res = await d.payments.reserveFollowUp(
    {
      transId: t.transId,
      clientKey: t.clientKey,
      protocol: t.protocol,
      event: t.event,
      verifier: t.verifier,
      amount,
      attemptId,
      claim: { key: shortHash(claim.key), lockExpiresAt, ...(bodyHash ? { bodyHash } : {}) },
      now: started,
    },
    { alongside: hooks.alongside },
  );
  if ('current' in res) return t.onRead(t.verify(res.current));
  // The condition checked what verify() would: the merchant's payment, its protocol, the request's hash.
  const reserved = res.reserved;
  const record = reserved.history.find((h) => h.id === attemptId)!;
  const attempt: Attempt = { type: record.type, amount: record.amount, id: attemptId };
  return attemptFollowUp(d, reserved, attempt, hooks, started);
}

/**
 * The amount as the reservation's condition compares it: minor units of a two-decimal currency (the plan says
 * whether the payment's is one). null: not such an amount (zero, another format) — the read path words the error.
 */
function intentAmount(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  try {
    const minor = parseAmount(text, findCurrency('USD')!, 'amount').minor;
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}
