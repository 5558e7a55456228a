/**
 * A Checkout page card payment whose acquirer runs 3DS on its own page (Adyen's RedirectShopper `action`): the payer
 * is sent there instead of the platform's 3DS step, and comes back through the acquirer's return route
 * (providers/adyen-return.ts), which completes the payment and, through here, the session: the payer then goes to
 * the merchant's success / cancel / error URL, as after any other page payment. The page link meanwhile sends the
 * payer to the acquirer again while the step is open, or to the outcome once it is decided (by the return or the
 * acquirer's webhook).
 */
import type { Deps } from '../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { isWaitingForChallenge } from '../payment/index.js';
import { acquirerStep } from '../pages/acquirer-step.js';
import { afterPayment, busy, claim, type PageContext, type PageOutcome } from './page-flow.js';

// Shared with the hosted-fields redirect_url (pages/acquirer-step.ts); page.ts reads it from here.
export { acquirerStep };

/**
 * The page link of a session in its card's 3DS step: the platform's own step, the acquirer's page again while it is
 * open, or the outcome the acquirer gave.
 */
export async function resumeCardStep(d: Pick<Deps, 'payments' | 'checkoutSessions'>, ctx: PageContext): Promise<PageOutcome> {
  const payment = await d.payments.get(ctx.session.paymentId);
  if (!payment) throw new Error('Checkout session in challenge without its payment');
  if (!payment.details.acquirerRedirect) return { kind: 'threeDs', ctx };
  const step = acquirerStep(payment);
  if (step) return { kind: 'toAcquirer', ctx, redirect: step };
  const done = await claim(d, ctx, { state: 'completed' });
  return done ? afterPayment(done, payment) : busy(ctx);
}

/**
 * Where the payer goes once back from the acquirer's page: the session completes and the merchant's return URL for
 * the outcome. undefined when the payment is not a Checkout page payment or is still undecided (the acquirer's
 * webhook decides it; the page link then shows the outcome).
 */
export async function returnFromAcquirer(
  d: Pick<Deps, 'checkoutSessions'>,
  payment: Payment,
  merchant: Merchant,
): Promise<string | undefined> {
  const tokenHash = payment.details.checkoutSessionTokenHash;
  if (!tokenHash || isWaitingForChallenge(payment)) return undefined;
  const session = await d.checkoutSessions.getByTokenHash(tokenHash);
  if (!session || session.paymentId !== payment.transId) return undefined;
  // The token is not kept (only its hash): nothing here renders the page link.
  const ctx: PageContext = { token: '', session, merchant };
  // A concurrent completion (the page link opened meanwhile) completed it with the same outcome.
  if (session.state === 'challenge') await claim(d, ctx, { state: 'completed' });
  const outcome = afterPayment(ctx, payment);
  return outcome.kind === 'return' ? outcome.url : undefined;
}
