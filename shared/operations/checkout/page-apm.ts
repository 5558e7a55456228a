/**
 * A purchase paid on the page with an alternative method (the brand the payer picked) through the protocol-neutral
 * APM core of S2S APM. The page asks for the brand's parameters the session's `parameters[brand]` lacks (apm/page-fields.ts)
 * and the identifier, which goes to the provider and is echoed like S2S APM echoes it. Then the brand's flow:
 *   direct         the answer is final;
 *   vcard REDIRECT waits for the payer on the page's own confirmation step (completeRedirect), like 3DS for cards;
 *   other REDIRECT (a provider's page, a QR, bank-transfer instructions) sends the payer to the provider's page, whose
 *                  notification decides the payment; the payer comes back to the session's link, which then shows
 *                  the outcome (or sends them to the provider again while its step is open).
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { Deps } from '../deps.js';
import type { Mid } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import type { FormValue } from '../../protocol/form.js';
import type { ApmPageMethod } from '../../pages/checkout/card-form.js';
import type { PayerFacts } from '../../protocol/apm/page-fields.js';
import { fieldsToAsk } from '../../protocol/apm/page-fields.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
// From their modules, not the S2S APM barrel: its action table would bring every S2S APM action along.
import { apmCharge } from '../s2s-apm/charge.js';
import { apmDeadlineSeconds } from '../s2s-apm/payment-request.js';
import { isWaitingForProvider, methodPageUrl, providerNotifies } from '../s2s-apm/redirect-step.js';
import { routePayment } from '../payment/index.js';
import { holdsFunds } from '../../protocol/apm/rules.js';
import { BusinessRuleError } from '../../domain/errors.js';
import { checkoutCallbacks } from './callbacks.js';
import { afterPayment, busy, claim, type PageContext, type PageOutcome } from './page-flow.js';

/** What the merchant sent for a brand in the session (`parameters: {"<method>": {…}}`, protocol.md §5.1). */
function sentParameters(s: CheckoutSession, brand: string): Record<string, unknown> {
  const group = s.parameters?.[brand];
  return group && typeof group === 'object' && !Array.isArray(group) ? (group as Record<string, unknown>) : {};
}

export const payerFacts = (s: CheckoutSession): PayerFacts => ({ payerName: s.customer?.name, payerCountry: s.billingAddress?.country });

/** Per alternative method of the session: its identifier's rule and the parameters the payer must still give. */
export function apmPageMethods(s: CheckoutSession): Record<string, ApmPageMethod> {
  const out: Record<string, ApmPageMethod> = {};
  for (const brand of s.methods) {
    const d = brand === 'card' ? undefined : brandDescriptor(brand);
    if (d) out[brand] = { identifier: d.identifier, ask: fieldsToAsk(d, sentParameters(s, brand), payerFacts(s).payerCountry) };
  }
  return out;
}

/** JSON values of the session as the provider's form values (numbers and booleans as text). */
function asFormValues(group: Record<string, unknown>): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [k, v] of Object.entries(group)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

export async function chargeApm(
  d: Pick<Deps, 'config' | 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors' | 'apmConnectors' | 'risk'>,
  ctx: PageContext,
  mids: Mid[],
  choice: { brand: string; identifier?: string; parameters: Record<string, string> },
  details: PaymentDetails,
): Promise<Payment> {
  const s = ctx.session;
  // An auth session holds the funds: a method that cannot hold them is no method for it (as auth=Y on S2S APM).
  if (s.auth && !holdsFunds(brandDescriptor(choice.brand))) throw BusinessRuleError.methodNotSupported();
  // A purchase only a DMS MID takes is held there (spec transition table) if the method can hold funds (shared/protocol/apm/
  // brands' `hold`); only MIDs reaching the brand's provider.
  const { mid, authorize } = routePayment(d.apmConnectors.forMids(mids).midsFor(choice.brand), {
    authorize: s.auth,
    sale: holdsFunds(brandDescriptor(choice.brand)),
    zeroAmount: s.order.amount === 0,
  });
  // The session's payment_id names the payment, as for cards.
  const ids = [s.paymentId];
  const coreDeps = { ...d, newId: () => ids.shift() ?? d.newId() };
  const { payment } = await apmCharge(
    coreDeps,
    {
      clientKey: s.clientKey,
      protocol: 'checkout',
      action: 'SALE',
      transactionType: authorize ? 'AUTH' : 'SALE',
      brand: choice.brand,
      identifier: choice.identifier,
      orderId: s.order.number,
      orderDescription: s.order.description,
      amount: s.order.amount,
      currency: s.order.currency,
      mid,
      authorize,
      parameters: { ...asFormValues(sentParameters(s, choice.brand)), ...choice.parameters },
      payerEmail: s.customer?.email,
      details: { ...details, checkoutPaymentMethod: choice.brand },
      deadlineSeconds: apmDeadlineSeconds(d.config, ctx.merchant, brandDescriptor(choice.brand)?.flow),
      // The provider's page opens with the session's own link token, so it can send the payer back to this page
      // (only hashes of it are stored, as for the session).
      redirectToken: providerNotifies(choice.brand) ? ctx.token : undefined,
    },
    { callbacks: checkoutCallbacks(d, ctx.merchant) },
    // The payer's new payment: blocklists, rules and MID limits, as for S2S APM SALE (docs/risk.md).
    d,
  );
  // A deadline's wake-up is armed from the table's stream (operations/providers/arm-deadlines.ts).
  return payment;
}

/** Whether the session's payment waits on its provider's page rather than on the page's own confirmation step. */
export const atProvider = (s: CheckoutSession): boolean =>
  !!s.paymentMethod && s.paymentMethod !== 'card' && providerNotifies(s.paymentMethod);

export const toProvider = (d: Pick<Deps, 'config'>, ctx: PageContext, transId: string): PageOutcome => ({
  kind: 'toProvider',
  ctx,
  url: methodPageUrl(d.config.PUBLIC_BASE_URL, transId, ctx.token),
});

/**
 * The payer is back on the session's link while a provider decides: to the provider again while its step is open,
 * else the outcome the provider's notification (or an expired deadline) gave.
 */
export async function resumeAtProvider(d: Pick<Deps, 'config' | 'payments' | 'checkoutSessions'>, ctx: PageContext): Promise<PageOutcome> {
  const payment = await d.payments.get(ctx.session.paymentId);
  if (!payment) throw new Error('Checkout session in challenge without its payment');
  if (isWaitingForProvider(payment)) return toProvider(d, ctx, payment.transId);
  const done = await claim(d, ctx, { state: 'completed' });
  return done ? afterPayment(done, payment) : busy(ctx);
}
