/**
 * The payer's side of a Checkout session: show the page, take the card, run the 3DS step, cancel.
 * Each step first moves the session on with a conditional write, so a double click or two tabs start one payment.
 * The link dies when the session completes (paid, declined, cancelled) or expires.
 */
import type { Deps } from '../../deps.js';
import type { Merchant, MerchantConfig } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { ConflictError, PlatformError } from '../../errors.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import type { FormObject } from '../../protocol/form.js';
import { readCardForm } from '../../protocol/checkout/page/card-form.js';
import { pageLanguage } from '../../protocol/checkout/page/i18n.js';
import type { FieldName } from '../../protocol/checkout/page/render.js';
import { charge, completeChallenge, selectMid } from '../payment/index.js';
import type { TransactionType } from '../../domain/payment.js';
import { checkoutCallbacks } from './callbacks.js';
import { returnTarget, returnUrl, type ReturnKind } from './return-url.js';
import { isSessionToken, sessionTokenHash } from './session-token.js';
import { logger } from '../../logger.js';

export interface PageContext {
  token: string;
  session: CheckoutSession;
  merchant: Merchant;
}

export type PageOutcome =
  | { kind: 'form'; ctx: PageContext; errors?: Partial<Record<FieldName | 'form', string>>; holder?: string }
  | { kind: 'threeDs'; ctx: PageContext }
  /** The payment waits for 3DS: send the browser to the page (GET), which shows the step. */
  | { kind: 'toPage'; ctx: PageContext }
  | { kind: 'return'; ctx: PageContext; outcome: 'paid' | 'declined' | 'notCompleted'; reason?: string; url: string; target: string }
  | { kind: 'dead'; reason: 'expired' | 'used' | 'notFound' | 'busy'; language?: string };

/** Payouts (credit) ask the payer for the expiry only, not the CVV. */
export const asksCvv = (s: CheckoutSession) => s.operation !== 'credit';

interface Loaded {
  ctx: PageContext;
  config: MerchantConfig;
}

async function load(d: Deps, token: string | undefined): Promise<Loaded | PageOutcome> {
  if (!isSessionToken(token)) return { kind: 'dead', reason: 'notFound' };
  const session = await d.checkoutSessions.getByTokenHash(sessionTokenHash(token));
  if (!session) return { kind: 'dead', reason: 'notFound' };
  const config = await d.merchants.get(session.clientKey);
  if (!config) return { kind: 'dead', reason: 'notFound' };
  return { ctx: { token, session, merchant: config.merchant }, config };
}

function isOutcome(v: Loaded | PageOutcome): v is PageOutcome {
  return 'kind' in v;
}

function advance(s: CheckoutSession, changes: Partial<CheckoutSession>): CheckoutSession {
  return { ...s, ...changes, version: s.version + 1 };
}

/** Moves the session on; a concurrent step that got there first makes this one a "busy" page. */
async function claim(d: Deps, ctx: PageContext, changes: Partial<CheckoutSession>): Promise<PageContext | undefined> {
  const next = advance(ctx.session, changes);
  try {
    await d.checkoutSessions.update(next);
    return { ...ctx, session: next };
  } catch (err) {
    if (err instanceof ConflictError) return undefined;
    throw err;
  }
}

/** An open session past its expiry: to expiry_url if the merchant gave one, else a dead-link page. */
async function expire(d: Deps, ctx: PageContext): Promise<PageOutcome> {
  const language = ctx.session.language;
  if (!ctx.session.expiryUrl) return { kind: 'dead', reason: 'expired', language };
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return { kind: 'dead', reason: 'used', language };
  return finish(done, 'notCompleted', 'expiry');
}

function finish(ctx: PageContext, outcome: 'paid' | 'declined' | 'notCompleted', kind: ReturnKind, payment?: Payment, reason?: string): PageOutcome {
  return { kind: 'return', ctx, outcome, reason, url: returnUrl(ctx.session, ctx.merchant, kind, payment), target: returnTarget(ctx.session, ctx.merchant) };
}

const isExpired = (d: Deps, s: CheckoutSession) => d.clock.now().getTime() >= Date.parse(s.expiresAt);

/** GET /auth/{token}: the form, the 3DS step, or why the link no longer works. */
export async function openPage(d: Deps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  const { ctx } = loaded;
  const language = ctx.session.language;
  switch (ctx.session.state) {
    case 'open':
      return isExpired(d, ctx.session) ? expire(d, ctx) : { kind: 'form', ctx };
    case 'challenge':
      return { kind: 'threeDs', ctx };
    case 'processing':
      return { kind: 'dead', reason: 'busy', language };
    case 'completed':
      return { kind: 'dead', reason: 'used', language };
  }
}

/** What the finished payment means for the payer and where they go next. */
function afterPayment(ctx: PageContext, payment: Payment): PageOutcome {
  switch (payment.status) {
    case 'SETTLED':
    case 'PENDING':
      return finish(ctx, 'paid', 'success', payment);
    case 'DECLINED':
      return finish(ctx, 'declined', 'cancel', payment, payment.declineReason);
    default:
      return finish(ctx, 'notCompleted', 'error', payment);
  }
}

const OPERATION_ACTIONS: Record<CheckoutSession['operation'], { action: string; type: TransactionType }> = {
  purchase: { action: 'SALE', type: 'SALE' },
  debit: { action: 'DEBIT', type: 'DEBIT' },
  credit: { action: 'CREDIT2CARD', type: 'CREDIT2CARD' },
  transfer: { action: 'CARD2CARD', type: 'CARD2CARD' },
};

export interface PayerContext {
  ip?: string;
  acceptHeader?: string;
  userAgent?: string;
}

/** POST /auth/{token}/pay: the payer's card → one payment through the shared payment core. */
export async function submitPayment(d: Deps, token: string | undefined, form: FormObject, payer: PayerContext): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  const { config } = loaded;
  let { ctx } = loaded;
  const s = ctx.session;
  if (s.state !== 'open') return openPage(d, token);
  if (isExpired(d, s)) return expire(d, ctx);

  const t = pageLanguage(s.language).t;
  const parsed = readCardForm(form, { askCvv: asksCvv(s), terms: ctx.merchant.termsCheckbox, now: d.clock.now() }, t);
  if (!parsed.ok) return { kind: 'form', ctx, errors: parsed.errors, holder: parsed.holder };

  const claimed = await claim(d, ctx, { state: 'processing' });
  if (!claimed) return { kind: 'dead', reason: 'busy', language: s.language };
  ctx = claimed;

  const { action, type } = OPERATION_ACTIONS[s.operation];
  const authorize = s.operation === 'purchase' && s.auth;
  let payment: Payment;
  try {
    const mid = selectMid(config.mids, { authorize, zeroAmount: s.order.amount === 0 });
    // The core names the payment with its first id; the session minted that id (payment_id) when it was created,
    // so a cancelled or expired session's return URL and the payment agree.
    const ids = [s.paymentId];
    const coreDeps = { ...d, newId: () => ids.shift() ?? d.newId() };
    const result = await charge(
      coreDeps,
      {
        clientKey: s.clientKey,
        protocol: 'checkout',
        action,
        transactionType: authorize ? 'AUTH' : type,
        orderId: s.order.number,
        orderDescription: s.order.description,
        amount: s.order.amount,
        currency: s.order.currency,
        mid,
        card: parsed.card,
        payerEmail: s.customer?.email,
        authorize,
        payout: s.operation === 'credit',
        externalThreeDs: false,
        browser: { acceptHeader: payer.acceptHeader, userAgent: payer.userAgent },
        details: paymentDetails(s, payer),
        issueCardToken: s.reqToken,
        issueRecurringToken: s.recurringInit,
      },
      { callbacks: checkoutCallbacks(d, ctx.merchant) },
    );
    payment = result.payment;
  } catch (err) {
    if (!(err instanceof PlatformError) || err.httpStatus >= 500) throw err;
    // A rule refused the payment (no MID, acquirer needs data it lacks): the merchant hears it via error_url.
    logger.warn('checkout payment refused', { clientKey: s.clientKey, paymentId: s.paymentId, error: err.message });
    const done = await claim(d, ctx, { state: 'completed' });
    return done ? finish(done, 'notCompleted', 'error', undefined) : { kind: 'dead', reason: 'busy', language: s.language };
  }

  const waiting = payment.status === '3DS' || payment.status === 'REDIRECT';
  const next = await claim(d, ctx, { state: waiting ? 'challenge' : 'completed', transId: payment.transId });
  if (!next) return { kind: 'dead', reason: 'busy', language: s.language };
  logger.info('checkout payment', { clientKey: s.clientKey, paymentId: payment.transId, status: payment.status });
  return waiting ? { kind: 'toPage', ctx: next } : afterPayment(next, payment);
}

/** POST /auth/{token}/3ds: the payer confirmed the platform's authentication step. */
export async function confirmThreeDs(d: Deps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  let { ctx } = loaded;
  if (ctx.session.state !== 'challenge') return openPage(d, token);
  const claimed = await claim(d, ctx, { state: 'processing' });
  if (!claimed) return { kind: 'dead', reason: 'busy', language: ctx.session.language };
  ctx = claimed;
  const payment = await d.payments.get(ctx.session.paymentId);
  if (!payment) throw new Error('Checkout session in challenge without its payment');
  const result = await completeChallenge(d, { payment }, { callbacks: checkoutCallbacks(d, ctx.merchant) });
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return { kind: 'dead', reason: 'busy', language: ctx.session.language };
  return afterPayment(done, result.payment);
}

/** POST /auth/{token}/cancel: the payer gave up before paying. */
export async function cancelPayment(d: Deps, token: string | undefined): Promise<PageOutcome> {
  const loaded = await load(d, token);
  if (isOutcome(loaded)) return loaded;
  const { ctx } = loaded;
  if (ctx.session.state !== 'open') return openPage(d, token);
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return { kind: 'dead', reason: 'busy', language: ctx.session.language };
  return finish(done, 'notCompleted', 'cancel');
}

/** Payer data echoed by status responses and callbacks (never card data). */
function paymentDetails(s: CheckoutSession, payer: PayerContext): Record<string, unknown> {
  const b = s.billingAddress ?? {};
  return {
    checkoutOperation: s.operation,
    customerName: s.customer?.name,
    customerBirthDate: s.customer?.birthDate,
    customerCountry: b.country,
    customerState: b.state,
    customerCity: b.city,
    customerAddress: b.address,
    customerZip: b.zip,
    customerPhone: b.phone,
    customerIp: payer.ip,
    language: s.language,
    channelId: s.channelId,
    scheduleId: s.scheduleId,
    customData: s.customData,
    parameters: s.parameters,
    payee: s.payee,
  };
}
