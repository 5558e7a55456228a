/**
 * The payer's side of a Checkout session: show the page, take the card (a new one or a saved card_token card), run
 * the 3DS step, cancel. Each step first moves the session on with a conditional write, so a double click or two tabs
 * start one payment; the attempt holds a lease (attempt-lease.ts) so a crash cannot leave the session stuck.
 * The link dies when the session completes (paid, declined, cancelled) or expires.
 */
import { onPayerStep } from '../../domain/payment-machine/index.js';
import type { Deps } from '../deps.js';
import type { Payment } from '../../domain/payment.js';
import { PlatformError } from '../../domain/errors.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import type { FormObject } from '../../protocol/form.js';
import { readPaymentForm } from '../../pages/checkout/card-form.js';
import { pageLanguage } from '../../pages/i18n.js';
import { completeChallenge, isMoto } from '../payment/index.js';
import { countChallengeDeclines } from '../risk/challenge-declines.js';
import { completeRedirect, isWaitingForPayer } from '../s2s-apm/redirect-step.js';
import { checkoutCallbacks } from './callbacks.js';
import { chargeSession, type PayerContext } from './page-charge.js';
import { apmPageMethods, atProvider, payerFacts, resumeAtProvider, toProvider } from './page-apm.js';
import { leaseFrom, leaseIsOver, resolveStuckSession } from './attempt-lease.js';
import { acquirerStep, resumeCardStep } from './acquirer-step.js';
import { afterPayment, busy, claim, dead, expire, finish, isExpired, isOutcome, load, type PageOutcome } from './page-flow.js';
import { logger } from '../../lib/logger.js';

export type { PageContext, PageOutcome } from './page-flow.js';
export type { PayerContext } from './page-charge.js';

/** Payouts (credit) ask the payer for the expiry only, not the CVV. */
export const asksCvv = (s: CheckoutSession) => s.operation !== 'credit';
/** 6.7.0 MOTO payments: "CVV optional" — the payer (or the operator taking the order) may leave it empty. */
export const cvvOptional = (s: CheckoutSession) => isMoto(s.motoType);

/** What opening or leaving the page reads: the session, its payment and merchant, no payment method's ports. */
export type CheckoutPageViewDeps = Pick<Deps, 'config' | 'payments' | 'merchants' | 'clock' | 'checkoutSessions'>;

/** What paying on the page reads: the card step and the platform's 3DS step charge through the same core. */
export type CheckoutPaymentDeps = Pick<
  Deps,
  | 'config'
  | 'payments'
  | 'merchants'
  | 'callbackQueue'
  | 'clock'
  | 'newId'
  | 'checkoutSessions'
  | 'cardVault'
  | 'connectors'
  | 'apmConnectors'
  | 'risk'
>;

/** GET /auth/{token}: the form, the 3DS step, or why the link no longer works. */
export async function openPage(d: CheckoutPageViewDeps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  d = loaded.d;
  const { ctx } = loaded;
  switch (ctx.session.state) {
    case 'open':
      return isExpired(d, ctx.session) ? expire(d, ctx) : { kind: 'form', ctx };
    case 'challenge':
      return atProvider(ctx.session) ? resumeAtProvider(d, ctx) : resumeCardStep(d, ctx);
    case 'processing':
      return leaseIsOver(d, ctx.session) ? resolveStuckSession(d, ctx) : busy(ctx);
    case 'completed':
      return dead(ctx, 'used');
  }
}

/** POST /auth/{token}/pay: the payer's card → one payment through the shared payment core. */
export async function submitPayment(
  d: CheckoutPaymentDeps,
  token: string | undefined,
  form: FormObject,
  payer: PayerContext,
): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  d = loaded.d;
  const { config } = loaded;
  let { ctx } = loaded;
  const s = ctx.session;
  if (s.state !== 'open') return openPage(d, token);
  if (isExpired(d, s)) return expire(d, ctx);

  const t = pageLanguage(s.language, { merchantDefault: ctx.merchant.defaultLanguage, acceptLanguage: payer.acceptLanguage }).t;
  const parsed = readPaymentForm(
    form,
    {
      methods: s.methods,
      askCvv: asksCvv(s),
      cvvOptional: cvvOptional(s),
      savedCards: s.savedCards?.length ?? 0,
      savedOnly: s.savedCardsOnly === true,
      payeeCard: s.operation === 'transfer',
      terms: ctx.merchant.termsCheckbox,
      now: d.clock.now(),
      apm: apmPageMethods(s),
      payer: payerFacts(s),
    },
    t,
  );
  if (!parsed.ok) {
    const { errors, holder, choice, method, identifier, parameters } = parsed;
    return { kind: 'form', ctx, errors, holder, choice, method, identifier, parameters };
  }

  const claimed = await claim(d, ctx, { state: 'processing', leaseUntil: leaseFrom(d) });
  if (!claimed) return busy(ctx);
  ctx = claimed;

  let payment: Payment;
  try {
    payment = await chargeSession(d, ctx, config.mids, parsed, payer);
  } catch (err) {
    if (!(err instanceof PlatformError) || err.httpStatus >= 500) throw err;
    // A rule refused the payment (no MID, acquirer needs data it lacks): the merchant hears it via error_url.
    logger.warn('checkout payment refused', { clientKey: s.clientKey, paymentId: s.paymentId, error: err.message });
    const done = await claim(d, ctx, { state: 'completed' });
    return done ? finish(done, 'notCompleted', 'error', undefined) : busy(ctx);
  }

  const waiting = onPayerStep(payment.status);
  const paymentMethod = parsed.choice.kind === 'apm' ? parsed.choice.brand : 'card';
  const next = await claim(d, ctx, { state: waiting ? 'challenge' : 'completed', transId: payment.transId, paymentMethod });
  if (!next) return busy(ctx);
  logger.info('checkout payment', { clientKey: s.clientKey, paymentId: payment.transId, status: payment.status });
  if (waiting && atProvider(next.session)) return toProvider(d, next, payment.transId);
  const atAcquirer = waiting ? acquirerStep(payment) : undefined;
  if (atAcquirer) return { kind: 'toAcquirer', ctx: next, redirect: atAcquirer };
  return waiting ? { kind: 'toPage', ctx: next } : afterPayment(next, payment);
}

/** POST /auth/{token}/3ds: the payer confirmed the platform's authentication step. */
export async function confirmThreeDs(d: CheckoutPaymentDeps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  d = loaded.d;
  let { ctx } = loaded;
  if (ctx.session.state !== 'challenge') return openPage(d, token);
  // An alternative method's provider decides on its own page, never on this step.
  if (atProvider(ctx.session)) return resumeAtProvider(d, ctx);
  // Nor does an acquirer that runs 3DS on its own page (Adyen): the payer goes there, or sees its outcome.
  const resumed = await resumeCardStep(d, ctx);
  if (resumed.kind !== 'threeDs') return resumed;
  const claimed = await claim(d, ctx, { state: 'processing', leaseUntil: leaseFrom(d) });
  if (!claimed) return busy(ctx);
  ctx = claimed;
  const payment = await d.payments.get(ctx.session.paymentId);
  if (!payment) throw new Error('Checkout session in challenge without its payment');
  const hooks = { callbacks: checkoutCallbacks(d, ctx.merchant) };
  // A card's 3DS step, or an alternative method's page (REDIRECT) the payer approved.
  const result = isWaitingForPayer(payment)
    ? await completeRedirect(d, { payment, approve: true }, hooks)
    : await completeChallenge(d, { payment }, { ...hooks, declined: countChallengeDeclines(d) });
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return busy(ctx);
  return afterPayment(done, result.payment);
}

/** POST /auth/{token}/cancel: the payer gave up before paying. */
export async function cancelPayment(d: CheckoutPageViewDeps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  d = loaded.d;
  const { ctx } = loaded;
  if (ctx.session.state !== 'open') return openPage(d, token);
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return busy(ctx);
  return finish(done, 'notCompleted', 'cancel');
}
