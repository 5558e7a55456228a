/**
 * The sandbox APM provider. It serves every brand whose descriptor names it (shared/protocol/apm/brands/) in the flows it
 * carries out (direct, redirect, payout). Every brand but vcard, by identifier (case-insensitive):
 *
 *   success@gmail.com, none, or any other   the flow's success: direct and payout approved; redirect → REDIRECT to
 *                                           its page, where Pay / Reject sends the provider's notification
 *   fail@gmail.com                          declined "Declined by processing."
 *   pending@gmail.com                       REDIRECT; its page only waits: the outcome comes by a notification
 *                                           sent from outside (a direct method waits too; a payout is approved)
 *
 * A QR brand (ips) and a bank-code transfer answer REDIRECT to their page (a QR code / transfer instructions) whose
 * Pay / Reject send executed / rejected (QR) or paid / failed; unpaid at the deadline the platform declines them.
 * A crypto-address brand answers SUCCESS/PENDING with a deposit address (success@ and pending@ alike) and waits for
 * the provider's notification; fail@ is declined.
 *
 * Brand `vcard` (protocol.md §8) keeps its own identifiers:
 *
 *   success@gmail.com          approved (SALE → SETTLED, auth=Y → PENDING; payouts and debits approved)
 *   fail@gmail.com             declined "Declined by processing."
 *   redirect@gmail.com         REDIRECT: the payer visits the method's page, then approved
 *   redirect-fail@gmail.com    REDIRECT, then declined
 *   anything else              declined "Unknown sandbox identifier."
 *
 * Captures, refunds and voids are approved. DEBIT2VIRTUAL commission: 2 % of the amount, rounded up to a minor unit.
 * Inquiries about unanswered transactions (docs/reconciliation.md) give what the provider would have answered; a
 * redirect payment whose payer never reached the method's page is declined "Payment was not completed.".
 */
import { createHash } from 'node:crypto';
import { sandboxDigits } from './sandbox-digits.js';
import type { Connector, ConnectorInquiry, ConnectorOutcome } from '../../ports/connector.js';
import type { ApmConnector, ApmPaymentRequest } from '../../ports/apm-connector.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import { sandboxApmPage } from './sandbox-apm-notifier.js';

export const SANDBOX_APM_NAME = 'sandbox-apm';
/** Its name in its notification address (/providers/sandbox/notifications) and for its webhook secret. */
export const SANDBOX_PROVIDER_SLUG = 'sandbox';
export const SANDBOX_PENDING_IDENTIFIER = 'pending@gmail.com';
export const SANDBOX_APM_DECLINE_REASON = 'Declined by processing.';
export const SANDBOX_APM_UNKNOWN_IDENTIFIER = 'Unknown sandbox identifier.';
export const SANDBOX_APM_IDENTIFIERS = {
  success: 'success@gmail.com',
  fail: 'fail@gmail.com',
  redirect: 'redirect@gmail.com',
  redirectFail: 'redirect-fail@gmail.com',
} as const;

const approved = (transId: string): ConnectorOutcome => ({
  kind: 'approved',
  rrn: sandboxDigits(`apm-rrn:${transId}`, 12),
  approvalCode: sandboxDigits(`apm-auth:${transId}`, 6),
});
const declined = (transId: string, reason = SANDBOX_APM_DECLINE_REASON): ConnectorOutcome => ({
  kind: 'declined',
  reason,
  rrn: sandboxDigits(`apm-rrn:${transId}`, 12),
});

/** Identifiers compare case-insensitively, as e-mail addresses do. */
function scenario(identifier: string | undefined): 'success' | 'fail' | 'redirect' | 'redirectFail' | 'unknown' {
  const id = identifier?.trim().toLowerCase();
  const hit = Object.entries(SANDBOX_APM_IDENTIFIERS).find(([, v]) => v === id);
  return (hit?.[0] as keyof typeof SANDBOX_APM_IDENTIFIERS | undefined) ?? 'unknown';
}

function direct(req: { transId: string; identifier?: string }, allowRedirect: boolean): ConnectorOutcome {
  switch (scenario(req.identifier)) {
    case 'success':
      return approved(req.transId);
    case 'fail':
      return declined(req.transId);
    case 'redirect':
      return allowRedirect ? { kind: 'challenge', type: 'REDIRECT' } : approved(req.transId);
    case 'redirectFail':
      return allowRedirect ? { kind: 'challenge', type: 'REDIRECT' } : declined(req.transId);
    default:
      return declined(req.transId, SANDBOX_APM_UNKNOWN_IDENTIFIER);
  }
}

/** Brands other than vcard: the flow's success unless the identifier says fail or pending. */
export function sandboxScenario(identifier: string | undefined): 'success' | 'fail' | 'pending' {
  const id = identifier?.trim().toLowerCase();
  return id === SANDBOX_APM_IDENTIFIERS.fail ? 'fail' : id === SANDBOX_PENDING_IDENTIFIER ? 'pending' : 'success';
}

/** The coin the payer sends, as each crypto brand names it. */
function coinOf(parameters: ApmPaymentRequest['parameters']): string {
  const v = parameters?.payment_currency ?? parameters?.cryptoCurrency ?? parameters?.paymentCurrency;
  return typeof v === 'string' ? v.toUpperCase() : 'BTC';
}

/** A deposit address for this payment (deterministic, so a repeated question gets the same one) and its network. */
function depositAddress(transId: string, coin: string): Record<string, string> {
  const network = coin === 'BTC' ? 'BTC' : coin === 'USDT' ? 'TRX' : 'ETH';
  const hex = createHash('sha256').update(`apm-address:${transId}`).digest('hex');
  const address = network === 'BTC' ? `bc1q${hex.slice(0, 38)}` : network === 'TRX' ? `T${hex.slice(0, 33)}` : `0x${hex.slice(0, 40)}`;
  return { crypto_address: address, crypto_network: network };
}

function flowOutcome(
  req: { transId: string; brand: string; identifier?: string; parameters?: ApmPaymentRequest['parameters'] },
  payout: boolean,
): ConnectorOutcome {
  const s = sandboxScenario(req.identifier);
  if (s === 'fail') return declined(req.transId);
  if (payout) return approved(req.transId);
  // The payer sends coins to the address; the provider's notification (paid / failed) decides.
  if (brandDescriptor(req.brand)?.flow === 'crypto-address') {
    return { kind: 'challenge', type: 'REDIRECT', awaiting: 'provider', instructions: depositAddress(req.transId, coinOf(req.parameters)) };
  }
  // A QR and bank-transfer instructions are pages too; their deadline runs from here.
  const flow = brandDescriptor(req.brand)?.flow;
  if (s === 'pending' || flow === 'redirect' || flow === 'qr' || flow === 'bank-window') return { kind: 'challenge', type: 'REDIRECT' };
  return approved(req.transId);
}

// Follow-ups succeed; module functions, so the card-port face below does not bring the brand catalogue along.
const captured = async (req: { transId: string }) => approved(`${req.transId}:capture`);
const refunded = async (req: { transId: string }) => approved(`${req.transId}:refund`);
const voided = async (req: { transId: string }) => approved(`${req.transId}:void`);

export const sandboxApmConnector: ApmConnector = {
  name: SANDBOX_APM_NAME,
  slug: SANDBOX_PROVIDER_SLUG,
  flows: ['direct', 'redirect', 'payout', 'crypto-address', 'qr', 'bank-window'],
  // The platform serves this provider's page; pending@ only waits there for a notification sent from outside.
  page: /* @__PURE__ */ sandboxApmPage((identifier) => sandboxScenario(identifier) === 'pending'),

  async pay(req: ApmPaymentRequest) {
    return req.brand === 'vcard' ? direct(req, true) : flowOutcome(req, false);
  },

  async completeRedirect(req: ApmPaymentRequest) {
    return scenario(req.identifier) === 'redirect' ? approved(req.transId) : declined(req.transId);
  },

  async payout(req) {
    return req.brand === 'vcard' ? direct(req, false) : flowOutcome(req, true);
  },

  commission(req) {
    return Number((BigInt(req.amount) * 2n + 99n) / 100n);
  },

  capture: captured,
  refund: refunded,
  void: voided,
};

const notACardAcquirer = async (): Promise<ConnectorOutcome> => ({
  kind: 'declined',
  reason: 'Card payments are not supported by this connector.',
});

/**
 * The same provider through the card Connector port, so the protocol-neutral follow-up cores (capture, void,
 * creditvoid) reach it by the payment's connector name. It takes no card payments.
 */
export const sandboxApmFollowUps: Connector = {
  name: SANDBOX_APM_NAME,
  requiresAcceptHeader: false,
  pay: notACardAcquirer,
  completeChallenge: notACardAcquirer,
  payout: notACardAcquirer,
  capture: captured,
  refund: refunded,
  void: voided,
  inquire: async (req) => sandboxApmInquiry(req),
};

export const SANDBOX_APM_NOT_COMPLETED = 'Payment was not completed.';

function sandboxApmInquiry(req: ConnectorInquiry): ConnectorOutcome {
  if (['CAPTURE', 'REFUND', 'REVERSAL', 'VOID'].includes(req.type)) return approved(`${req.transId}:${req.attemptId}`);
  const s = scenario(req.identifier);
  // The first request of a redirect payment waited for the payer's visit, which never came.
  if ((s === 'redirect' || s === 'redirectFail') && req.attemptId === req.transId) return declined(req.transId, SANDBOX_APM_NOT_COMPLETED);
  return direct(req, false);
}
