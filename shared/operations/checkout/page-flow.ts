/**
 * What every step of the payer's page shares: loading the session by its link, moving it on with a conditional
 * write (a concurrent step that got there first makes this one "busy"), and where the payer goes afterwards.
 */
import type { Deps } from '../deps.js';
import type { Merchant, MerchantConfig } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { STATUSES } from '../../domain/payment-machine/index.js';
import { ConflictError } from '../../domain/errors.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import type { ConnectorRedirect } from '../../ports/connector.js';
import type { FormErrors } from '../../pages/checkout/card-form.js';
import { returnTarget, returnUrl, type ReturnKind } from './return-url.js';
import { isSessionToken, sessionTokenHash } from './session-token.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';

export interface PageContext {
  token: string;
  session: CheckoutSession;
  merchant: Merchant;
}

export type PageOutcome =
  | {
      kind: 'form';
      ctx: PageContext;
      errors?: FormErrors;
      holder?: string;
      choice?: string;
      method?: string;
      identifier?: string;
      parameters?: Record<string, string>;
    }
  | { kind: 'threeDs'; ctx: PageContext }
  /** The payment waits for 3DS: send the browser to the page (GET), which shows the step. */
  | { kind: 'toPage'; ctx: PageContext }
  /** An alternative method's provider step is open (its page, a QR, bank instructions): send the payer there. */
  | { kind: 'toProvider'; ctx: PageContext; url: string }
  /** The card's acquirer runs 3DS on its own page (Adyen): send the payer there (acquirer-step.ts). */
  | { kind: 'toAcquirer'; ctx: PageContext; redirect: ConnectorRedirect }
  | { kind: 'return'; ctx: PageContext; outcome: 'paid' | 'declined' | 'notCompleted'; reason?: string; url?: string; target: string }
  | { kind: 'dead'; reason: 'expired' | 'used' | 'notFound' | 'busy'; language?: string; merchantDefaultLanguage?: string };

export interface Loaded<D> {
  ctx: PageContext;
  config: MerchantConfig;
  /** The caller's deps on the session's merchant's clock (its test clock in a sandbox: docs/test-clock.md). */
  d: D;
}

export async function load<D extends Pick<Deps, 'merchants' | 'clock' | 'checkoutSessions'>>(
  d: D,
  token: string | undefined,
): Promise<Loaded<D> | PageOutcome> {
  if (!isSessionToken(token)) return { kind: 'dead', reason: 'notFound' };
  const session = await d.checkoutSessions.getByTokenHash(sessionTokenHash(token));
  if (!session) return { kind: 'dead', reason: 'notFound' };
  const config = await d.merchants.get(session.clientKey);
  if (!config) return { kind: 'dead', reason: 'notFound' };
  return { ctx: { token, session, merchant: config.merchant }, config, d: await onMerchantClock(d, session.clientKey) };
}

export function isOutcome<D>(v: Loaded<D> | PageOutcome): v is PageOutcome {
  return 'kind' in v;
}

/** Moves the session on; undefined when a concurrent step changed it first. Leaving `processing` drops the lease. */
export async function claim(
  d: Pick<Deps, 'checkoutSessions'>,
  ctx: PageContext,
  changes: Partial<CheckoutSession>,
): Promise<PageContext | undefined> {
  const next: CheckoutSession = { ...ctx.session, leaseUntil: undefined, ...changes, version: ctx.session.version + 1 };
  try {
    await d.checkoutSessions.update(next);
    return { ...ctx, session: next };
  } catch (err) {
    if (err instanceof ConflictError) return undefined;
    throw err;
  }
}

export const busy = (ctx: PageContext): PageOutcome => dead(ctx, 'busy');

/** A page that ends here, still in the session's language (i18n.ts fallbacks). */
export const dead = (ctx: PageContext, reason: 'expired' | 'used' | 'busy'): PageOutcome => ({
  kind: 'dead',
  reason,
  language: ctx.session.language,
  merchantDefaultLanguage: ctx.merchant.defaultLanguage,
});

export const isExpired = (d: Pick<Deps, 'clock'>, s: CheckoutSession) => d.clock.now().getTime() >= Date.parse(s.expiresAt);

export function finish(
  ctx: PageContext,
  outcome: 'paid' | 'declined' | 'notCompleted',
  kind: ReturnKind,
  payment?: Payment,
  reason?: string,
): PageOutcome {
  return {
    kind: 'return',
    ctx,
    outcome,
    reason,
    url: returnUrl(ctx.session, ctx.merchant, kind, payment),
    target: returnTarget(ctx.session, ctx.merchant),
  };
}

/** An open session past its expiry: to expiry_url if the merchant gave one, else a dead-link page. */
export async function expire(d: Pick<Deps, 'checkoutSessions'>, ctx: PageContext): Promise<PageOutcome> {
  if (!ctx.session.expiryUrl) return dead(ctx, 'expired');
  const done = await claim(d, ctx, { state: 'completed' });
  if (!done) return dead(ctx, 'used');
  return finish(done, 'notCompleted', 'expiry');
}

/**
 * What the finished payment means for the payer and where they go next, by the state machine's facts of its status:
 * paid while its own transaction's success stands (settled or held, not yet returned), declined, else not completed
 * (still undecided, or already voided or refunded).
 */
export function afterPayment(ctx: PageContext, payment: Payment): PageOutcome {
  const { result, final } = STATUSES[payment.status];
  if (result === 'SUCCESS' && !final) return finish(ctx, 'paid', 'success', payment);
  if (result === 'DECLINED') return finish(ctx, 'declined', 'cancel', payment, payment.declineReason);
  return finish(ctx, 'notCompleted', 'error', payment);
}
