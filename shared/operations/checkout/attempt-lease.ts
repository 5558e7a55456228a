/**
 * The payer's attempt owns the session for a lease: the conditional write that moves it to `processing` also sets
 * `leaseUntil`. An attempt that crashed mid-way (Lambda killed, timeout) leaves the session `processing`; once the
 * lease is over nobody can still be working on it (it outlives the function and API Gateway timeouts), so the page
 * resolves the session from what the attempt left behind:
 *   - no payment record: the attempt died before the payment was written → the session opens again. A new attempt
 *     reuses the session's payment_id as the trans_id, so a payment written late by a zombie cannot be doubled
 *     (the payment's create is conditional) and an acquirer sees the same transaction id;
 *   - a payment waiting for its 3DS step (or an alternative method's page) → the session shows that step again;
 *   - a decided payment → the session completes and the payer returns as if the attempt had finished;
 *   - a payment whose 3DS completion was cut off (its outcome unknown) → completed, to error_url.
 * Each resolution is one conditional write on the session; of several payers' tabs resolving at once, one wins.
 */
import type { Deps } from '../deps.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import { isWaitingForChallenge } from '../payment/index.js';
import { isWaitingForPayer } from '../s2s-apm/redirect-step.js';
import { afterPayment, busy, claim, expire, isExpired, type PageContext, type PageOutcome } from './page-flow.js';

/** Longer than any page step may run (the function timeout is 10 s, API Gateway's 30 s). */
export const ATTEMPT_LEASE_SECONDS = 60;

export function leaseFrom(d: Pick<Deps, 'clock'>): string {
  return new Date(d.clock.now().getTime() + ATTEMPT_LEASE_SECONDS * 1000).toISOString();
}

/** A `processing` session whose attempt no longer owns it (sessions written before leases existed have none). */
export function leaseIsOver(d: Pick<Deps, 'clock'>, s: CheckoutSession): boolean {
  return s.state === 'processing' && (!s.leaseUntil || d.clock.now().getTime() >= Date.parse(s.leaseUntil));
}

export async function resolveStuckSession(
  d: Pick<Deps, 'payments' | 'clock' | 'checkoutSessions'>,
  ctx: PageContext,
): Promise<PageOutcome> {
  const payment = await d.payments.get(ctx.session.paymentId);
  if (!payment) {
    if (isExpired(d, ctx.session)) {
      const reopened = await claim(d, ctx, { state: 'open' });
      return reopened ? expire(d, reopened) : busy(ctx);
    }
    const reopened = await claim(d, ctx, { state: 'open' });
    return reopened ? { kind: 'form', ctx: reopened } : busy(ctx);
  }
  if (isWaitingForChallenge(payment) || isWaitingForPayer(payment)) {
    const back = await claim(d, ctx, {
      state: 'challenge',
      transId: payment.transId,
      paymentMethod: str(payment.details.checkoutPaymentMethod),
    });
    return back ? { kind: 'threeDs', ctx: back } : busy(ctx);
  }
  const done = await claim(d, ctx, { state: 'completed', transId: payment.transId });
  if (!done) return busy(ctx);
  // SETTLED / PENDING / DECLINED return as usual; a 3DS step whose completion was cut off goes to error_url.
  return afterPayment(done, payment);
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
