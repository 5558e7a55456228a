/**
 * The payment a session's page starts: the session's operation (purchase → SALE/AUTH, debit → DEBIT, credit →
 * CREDIT2CARD payout, transfer → CARD2CARD) with the card the payer typed or chose, through the shared charge core.
 * A saved card is opened from the vault only now; its CVV is passed to the acquirer and never kept. The payee card
 * of a transfer is kept masked only.
 */
import type { Deps } from '../deps.js';
import type { Mid } from '../../domain/merchant.js';
import type { Action, Payment, PaymentDetails, TransactionType } from '../../domain/payment.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import type { VaultCard } from '../../ports/card-vault.js';
import type { CardChoice, PaymentFormResult } from '../../pages/checkout/card-form.js';
import { resolveCardToken, isMoto } from '../payment/index.js';
import { chargeScreened } from '../risk/screened-charge.js';
import { cascadeOf, routeWithRules } from '../routing/route.js';
import { cardBrand } from '../../protocol/fields.js';
import { routingOf } from '../routing/table-of.js';
import { sessionTokenHash } from './session-token.js';
import { checkoutCallbacks } from './callbacks.js';
import { billingDetails } from './billing-details.js';
import { chargeApm } from './page-apm.js';
import type { PageContext } from './page-flow.js';

export interface PayerContext {
  ip?: string;
  acceptHeader?: string;
  userAgent?: string;
  /** The browser's Accept-Language: the page language's last fallback before English. */
  acceptLanguage?: string;
}

const OPERATION_ACTIONS: Record<CheckoutSession['operation'], { action: Action; type: TransactionType }> = {
  purchase: { action: 'SALE', type: 'SALE' },
  debit: { action: 'DEBIT', type: 'DEBIT' },
  credit: { action: 'CREDIT2CARD', type: 'CREDIT2CARD' },
  transfer: { action: 'CARD2CARD', type: 'CARD2CARD' },
};

interface PayerCard {
  card: VaultCard & { cvv?: string };
  /** The card_token paid with (echoed in callbacks; no new token is issued for it). */
  cardToken?: string;
  payerEmail?: string;
}

async function payerCard(d: Pick<Deps, 'cardVault'>, s: CheckoutSession, choice: Exclude<CardChoice, { kind: 'apm' }>): Promise<PayerCard> {
  if (choice.kind === 'new') return { card: choice.card };
  const saved = s.savedCards![choice.index]!;
  const entry = await resolveCardToken(d, s.clientKey, saved.token);
  const holder = s.payeeName ? [s.payeeName.first, s.payeeName.last].filter(Boolean).join(' ') : entry.card.holder;
  const card = choice.expiry ? { ...entry.card, ...choice.expiry, holder } : { ...entry.card, cvv: choice.cvv };
  return { card, cardToken: saved.token, payerEmail: entry.meta.payerEmail };
}

export async function chargeSession(
  d: Pick<
    Deps,
    'config' | 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors' | 'apmConnectors' | 'risk'
  >,
  ctx: PageContext,
  mids: Mid[],
  form: Extract<PaymentFormResult, { ok: true }>,
  payer: PayerContext,
): Promise<Payment> {
  const s = ctx.session;
  if (form.choice.kind === 'apm') return chargeApm(d, ctx, mids, form.choice, paymentDetails(s, payer));
  const { action, type } = OPERATION_ACTIONS[s.operation];
  // A purchase only a DMS MID takes is held there (spec transition table); a MOTO session needs a MOTO-enabled MID.
  const { card, cardToken, payerEmail } = await payerCard(d, s, form.choice);
  const moto = isMoto(s.motoType);
  const routing = await routingOf(d, s.clientKey);
  const routed = routeWithRules(
    mids,
    routing.table,
    { authorize: s.operation === 'purchase' && s.auth, sale: s.operation === 'purchase', moto, zeroAmount: s.order.amount === 0 },
    // The page's payer is present: its own 3DS may run, except for MOTO and payouts.
    {
      brand: cardBrand(card.number),
      currency: s.order.currency,
      amount: s.order.amount,
      moto,
      threeDs: !moto && s.operation !== 'credit',
      integration: 'checkout',
    },
    routing,
  );
  const { mid, authorize } = routed;
  const payee = form.payeeCardNumber;
  // The core names the payment with its first id; the session minted that id (payment_id) when it was created,
  // so a cancelled or expired session's return URL and the payment agree, and a retried attempt cannot double it.
  const ids = [s.paymentId];
  const coreDeps = { ...d, newId: () => ids.shift() ?? d.newId() };
  const { payment } = await chargeScreened(
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
      card,
      payerEmail: s.customer?.email ?? payerEmail,
      authorize,
      payout: s.operation === 'credit',
      // Payouts run no 3DS of the payer's own.
      externalThreeDs: s.operation === 'credit',
      cascade: cascadeOf(routed),
      browser: { acceptHeader: payer.acceptHeader, userAgent: payer.userAgent },
      // The page's caller is the payer: their address is the payer IP the acquirer receives.
      payerIp: payer.ip,
      details: {
        ...paymentDetails(s, payer),
        ...(payee ? { payeeCard: `${payee.slice(0, 6)}****${payee.slice(-4)}` } : {}),
        // The payer back from an acquirer's own 3DS page finds the session by it (acquirer-step.ts).
        checkoutSessionTokenHash: sessionTokenHash(ctx.token),
      },
      cardToken,
      // Every approved debit is tokenized (the spec: card_token in every debit callback); req_token asks for it otherwise.
      issueCardToken: !cardToken && (s.reqToken || s.operation === 'debit'),
      issueRecurringToken: s.recurringInit,
    },
    { callbacks: checkoutCallbacks(d, ctx.merchant) },
  );
  return payment;
}

/** Payer data echoed by status responses and callbacks (never card data). */
function paymentDetails(s: CheckoutSession, payer: PayerContext): PaymentDetails {
  const b = s.billingAddress ?? {};
  return {
    checkoutOperation: s.operation,
    checkoutPaymentMethod: 'card',
    customerName: s.customer?.name,
    customerBirthDate: s.customer?.birthDate,
    ...billingDetails(b),
    customerIp: payer.ip,
    browser: pageBrowser(payer),
    language: s.language,
    channelId: s.channelId,
    motoType: s.motoType,
    scheduleId: s.scheduleId,
    scheduleStartDate: s.scheduleStartDate,
    paymentScheduleAmount: s.paymentScheduleAmount,
    customData: s.customData,
    parameters: s.parameters,
    payee: s.payee,
    payeeBillingAddress: s.payeeBillingAddress,
    payeeFirstName: s.payeeName?.first,
    payeeLastName: s.payeeName?.last,
  };
}

/** What the page's own request tells of the payer's browser, under the callback's browser attribute names. */
function pageBrowser(payer: PayerContext): Record<string, string> | undefined {
  const b: Record<string, string> = {};
  if (payer.acceptHeader) b.browser_accept_headers = payer.acceptHeader;
  if (payer.userAgent) b.browser_user_agent = payer.userAgent;
  return Object.keys(b).length ? b : undefined;
}
