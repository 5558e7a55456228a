/**
 * POST /api/v1/processing/{purchase|debit}/card (header Token): the payment with the card the iframes submitted.
 * validate → the endpoint matches the session's operation → rules that need no acquirer (MID, accept_header) →
 * one conditional write claims the session AND drops the sealed card → the shared payment core (Checkout callbacks,
 * recorded in the payment's own write) → the session ends (or waits for 3DS). One session, one payment: any
 * later call answers that payment's current result instead of paying again.
 */
import { onPayerStep } from '../../domain/payment-machine/index.js';
import type { PaymentDetails } from '../../domain/payment.js';
import { STATE_COUNTRIES } from '../../protocol/billing-state.js';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { Payment } from '../../domain/payment.js';
import type { Mid } from '../../domain/merchant.js';
import type { SubmittedCard } from '../../protocol/hosted-fields/card-data.js';
import { BusinessRuleError, ConflictError } from '../../domain/errors.js';
import { readPaymentRequest, type PaymentRequest } from '../../protocol/hosted-fields/payment-request.js';
import { paymentResponse, type PaymentResponse } from '../../protocol/hosted-fields/payment-response.js';
import type { HostedFieldsOperation } from '../../protocol/hosted-fields/token-request.js';
import { cascadeOf, routeWithRules } from '../routing/route.js';
import type { Cascade } from '../payment/index.js';
import { chargeScreened } from '../risk/screened-charge.js';
import { routingOf } from '../routing/table-of.js';
import { cardBrand } from '../../protocol/fields.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import type { CheckoutPaymentDeps } from '../checkout/page.js';
import { billingDetails } from '../checkout/billing-details.js';
import { openCardData } from './card-data.js';
import { saveSession, type HostedSession, type LoadedSession } from './session.js';
import { challengeUrl } from './three-ds.js';
import { browserAttributesOf } from '../../protocol/hosted-fields/browser-attributes.js';
import { logger } from '../../lib/logger.js';

export async function processPayment(
  // The page's card step charges through the same core; the session's sealed card needs secrets, no APM provider.
  d: Omit<CheckoutPaymentDeps, 'apmConnectors'> & Pick<Deps, 'secrets'>,
  loaded: LoadedSession,
  operation: HostedFieldsOperation,
  rawBody: string,
): Promise<PaymentResponse> {
  if (loaded.session.operation !== operation) throw BusinessRuleError.operationMismatch();
  if (loaded.session.state !== 'open') return currentResult(d, loaded.session);
  const req = readPaymentRequest(rawBody, loaded.session.billingAddress?.country);

  let s: HostedSession = loaded.session;
  let started: Started | undefined;
  // A session update racing with us changed the version, not the state: read it again (new amount) and retry once.
  for (let attempt = 0; attempt < 2 && !started; attempt++) {
    started = await start(d, { ...loaded, session: s }, operation, req);
    if (started) break;
    const now = (await d.checkoutSessions.getByTokenHash(loaded.tokenHash)) as HostedSession | undefined;
    if (!now) throw ConflictError.sessionChanged();
    if (now.state !== 'open') return currentResult(d, now);
    s = now;
  }
  if (!started) throw ConflictError.sessionChanged();
  const { claimed, card, mid, authorize, cascade } = started;
  s = claimed;
  const challengeToken = randomBytes(24).toString('base64url');
  let payment: Payment;
  try {
    // The core names the payment with its first id; the session minted that id (public_id) when it was created.
    const ids = [claimed.paymentId];
    const coreDeps = { ...d, newId: () => ids.shift() ?? d.newId() };
    const result = await chargeScreened(
      coreDeps,
      {
        clientKey: s.clientKey,
        protocol: 'checkout',
        action: operation === 'debit' ? 'DEBIT' : 'SALE',
        transactionType: authorize ? 'AUTH' : operation === 'debit' ? 'DEBIT' : 'SALE',
        orderId: s.order.number,
        orderDescription: s.order.description,
        amount: s.order.amount,
        currency: s.order.currency,
        mid,
        cascade,
        card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvv: card.cvv, holder: req.name },
        payerEmail: req.email ?? s.customer?.email,
        authorize,
        externalThreeDs: false,
        integration: 'hosted-fields',
        browser: { acceptHeader: req.browserInfo.accept_header, userAgent: req.browserInfo.user_agent },
        // customer.ip (else the caller of the session-token endpoint) is the payer IP the spec forwards to the connector.
        payerIp: s.hostedFields.customerIp,
        details: paymentDetails(claimed, req, challengeToken),
        // Every debit is tokenized, req_token or not: the spec puts card_token in every debit callback, settled included.
        issueCardToken: s.reqToken || operation === 'debit',
        issueRecurringToken: s.recurringInit,
      },
      { callbacks: checkoutCallbacks(d, loaded.merchant) },
    );
    payment = result.payment;
  } catch (err) {
    // Nothing was created: the session opens again (the payer submits the card again); otherwise it is used.
    const created = await d.payments.get(s.paymentId);
    await saveSession(d, claimed, { state: created ? 'completed' : 'open', transId: created?.transId });
    throw err;
  }

  const waiting = onPayerStep(payment.status);
  const next = await saveSession(d, claimed, { state: waiting ? 'challenge' : 'completed', transId: payment.transId });
  if (!next) logger.warn('hosted fields session changed during payment', { clientKey: s.clientKey, paymentId: payment.transId });
  logger.info('hosted fields payment', { clientKey: s.clientKey, paymentId: payment.transId, status: payment.status });
  return paymentResponse(payment, s.paymentId, challengeUrl(d, payment));
}

interface Started {
  claimed: HostedSession;
  card: SubmittedCard;
  mid: Mid;
  authorize: boolean;
  cascade?: Cascade;
}

/** Checks what needs no acquirer, then claims the session and drops its sealed card in one conditional write. */
async function start(
  d: Pick<Deps, 'merchants' | 'secrets' | 'clock' | 'checkoutSessions' | 'connectors'>,
  loaded: LoadedSession,
  operation: HostedFieldsOperation,
  req: PaymentRequest,
): Promise<Started | undefined> {
  const s = loaded.session;
  const card = await openCardData(d, loaded);
  if (!card) throw BusinessRuleError.noCardData();
  // A purchase only a DMS MID takes is held there (spec transition table); a debit never is.
  const routing = await routingOf(d, s.clientKey);
  const routed = routeWithRules(
    loaded.mids,
    routing.table,
    { authorize: operation === 'purchase' && s.auth, sale: operation === 'purchase', zeroAmount: s.order.amount === 0 },
    // The payer is on the merchant's page: the platform's 3DS may run.
    {
      brand: cardBrand(card.number),
      currency: s.order.currency,
      amount: s.order.amount,
      moto: false,
      threeDs: true,
      integration: 'hosted-fields',
    },
    routing,
  );
  const { mid, authorize } = routed;
  // Refused before the session is claimed: the payer's card stays for a retry that carries browser_info.
  if (d.connectors.named(mid.connector).requiresAcceptHeader && !req.browserInfo.accept_header?.trim()) {
    throw BusinessRuleError.invalidRequest();
  }
  const claimed = await saveSession(d, s, {
    state: 'processing',
    hostedFields: { ...s.hostedFields, sealedCard: undefined, cardExpiresAt: undefined },
  });
  return claimed && { claimed, card, mid, authorize, cascade: cascadeOf(routed) };
}

/** The session's one payment as it stands now (a repeated processing call, or one racing the first). */
async function currentResult(d: Pick<Deps, 'config' | 'payments'>, s: HostedSession): Promise<PaymentResponse> {
  const payment = await d.payments.get(s.paymentId);
  if (!payment) throw ConflictError.paymentInProgress();
  return paymentResponse(payment, s.paymentId, challengeUrl(d, payment));
}

/** Payer data echoed by status responses and Checkout callbacks (never card data). */
function paymentDetails(s: HostedSession, req: PaymentRequest, challengeToken: string): PaymentDetails {
  const b = { ...s.billingAddress, ...req.billingAddress };
  // A payment-request country that collects no state drops the session's state too (6.7.0: hidden, not validated).
  if (b.state !== undefined && !STATE_COUNTRIES.has(b.country ?? '')) delete b.state;
  return {
    checkoutOperation: s.operation,
    hostedFields: { returnUrl: s.hostedFields.returnUrl, challengeToken },
    customerName: s.customer?.name ?? req.name,
    customerBirthDate: req.birthDate ?? s.customer?.birthDate,
    ...billingDetails(b),
    customerPhoneCountryCode: b.phone_country_code,
    customerIp: s.hostedFields.customerIp,
    language: req.language ?? s.language,
    browser: browserAttributesOf(req.browserInfo),
    channelId: s.channelId,
    scheduleId: s.scheduleId,
    scheduleStartDate: s.scheduleStartDate,
    paymentScheduleAmount: s.paymentScheduleAmount,
    customData: s.customData,
    parameters: s.parameters,
  };
}
