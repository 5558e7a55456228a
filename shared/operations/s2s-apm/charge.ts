/**
 * A new APM payment, protocol-neutral (S2S APM SALE / DEBIT2VIRTUAL / CREDIT2VIRTUAL, and the Checkout page's
 * vcard method): the brand's provider → the stored payment with its history → one write of payment + callbacks
 * (+ the caller's idempotent answer) → queue the callbacks. A REDIRECT outcome waits for the payer on the method's
 * page (redirect-step.ts); the caller gets the one-time token for that page's address.
 *
 * The payment is reserved (PREPARE, with the caller's idempotency claim) before the provider is asked, so a crash
 * never loses an approved payment. Callers pass their CallbackRecorder, so each protocol signs its own callbacks:
 *
 *   const { payment, event, redirectToken } = await apmCharge(deps, { ...input, protocol: 'checkout' }, { callbacks });
 */
import { createHash, randomBytes } from 'node:crypto';
import { BusinessRuleError } from '../../domain/errors.js';
import type { Action, PaymentDetails, PaymentProtocol, TransactionType } from '../../domain/payment.js';
import type { Mid } from '../../domain/merchant.js';
import type { FormValue } from '../../protocol/form.js';
import type { ApmConnector, ApmConnectorRegistry } from '../../ports/apm-connector.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { type AttemptHooks, newPayment, chargeNewPayment, newTransId, type CoreDeps, type CoreResult } from '../payment/index.js';
import { screenApmPayment, type RiskDeps, type Screened } from '../risk/check.js';
import { CONTROL_METRICS, RISK_BLOCKED_METRIC, RISK_DECLINE_REASON } from '../risk/decision.js';
import { placeWithinLimits, releaseDailyVolume, type Placement } from '../risk/mid-limits.js';
import { noteMetric } from '../../lib/telemetry.js';

/** The provider of a brand; an unknown brand is 204004 "method not supported" (the brand is the APM's method). */
export function apmConnectorFor(providers: Pick<ApmConnectorRegistry, 'forBrand'>, brand: string): ApmConnector {
  const connector = providers.forBrand(brand);
  if (!connector) throw BusinessRuleError.methodNotSupported();
  return connector;
}

export interface ApmChargeInput {
  clientKey: string;
  protocol: PaymentProtocol;
  /** The action that creates the payment: SALE, DEBIT2VIRTUAL, CREDIT2VIRTUAL. */
  action: Action;
  /** The history entry: SALE or AUTH (auth=Y), DEBIT, CREDIT2VIRTUAL. */
  transactionType: TransactionType;
  brand: string;
  identifier?: string;
  orderId: string;
  orderDescription: string;
  /** Minor units of the order. */
  amount: number;
  currency: string;
  mid: Mid;
  /** Hold funds (PENDING, two-stage APM payment) instead of settling. */
  authorize: boolean;
  /** CREDIT2VIRTUAL: money goes to the payer's account. */
  payout?: boolean;
  /** DEBIT2VIRTUAL: the provider's commission, charged on top of the amount. */
  commission?: number;
  /** Brand-specific values, passed to the provider only (never stored: some are secrets such as voucher PINs). */
  parameters?: Record<string, FormValue>;
  payerEmail?: string;
  /** Echoed by status responses and callbacks (brand, identifier, payer, custom_data, return_url, callback_url ...). */
  details: PaymentDetails;
  /**
   * How long the provider step may stay open unpaid (QR lifetime, bank-code transfer window); past it the deadline
   * sweeper declines the payment (operations/providers/deadlines.ts). None: it waits for the provider however long.
   */
  deadlineSeconds?: number;
  /** The secret of the method's page if the provider redirects (newRedirectToken()); generated when not given. */
  redirectToken?: string;
}

export interface ApmChargeResult extends CoreResult {
  /** Present when the payer must visit the method's page: the secret part of its address. */
  redirectToken?: string;
}

/** What the risk check looks at: the payer as S2S APM (payer_*) or the Checkout page (its caller, billing country) knows it. */
function riskSubjectOf(input: ApmChargeInput) {
  const payer: Record<string, string | undefined> = input.details.payer ?? {};
  const payerCountry = (payer.payer_country ?? input.details.customerCountry)?.trim().toUpperCase() || undefined;
  return {
    clientKey: input.clientKey,
    payerIp: payer.payer_ip ?? input.details.customerIp,
    payerEmail: input.payerEmail ?? payer.payer_email,
    payerCountry,
    facts: {
      amount: input.amount,
      currency: input.currency,
      brand: input.brand,
      ...(payerCountry ? { payerCountry } : {}),
      integration: input.protocol === 'checkout' ? ('checkout' as const) : ('s2s-apm' as const),
      moto: false,
    },
  };
}

export const newRedirectToken = (): string => randomBytes(24).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export function callApm(connector: ApmConnector, input: ApmChargeInput, transId: string): Promise<ConnectorOutcome> {
  const base = { transId, brand: input.brand, identifier: input.identifier, currency: input.currency, parameters: input.parameters };
  if (input.payout) return connector.payout({ ...base, amount: input.amount });
  return connector.pay({ ...base, amount: input.amount + (input.commission ?? 0), authorize: input.authorize });
}

/** Reserve (PREPARE + idempotency claim) → provider → its answer and callbacks in one write: the card charge's tail. */
export async function apmCharge(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors' | 'apmConnectors'>,
  input: ApmChargeInput,
  hooks: AttemptHooks,
  /** The payer's new payment (an APM SALE): blocklists, rules and MID limits before the provider (docs/risk.md). */
  risk?: Pick<RiskDeps, 'risk' | 'clock'>,
): Promise<ApmChargeResult> {
  // The payment's MID must reach the brand's provider: never a sandbox provider through an upstream MID.
  const connector = apmConnectorFor(d.apmConnectors.forMids([input.mid]), input.brand);
  const reserved = newPayment({
    ...input,
    transId: await newTransId(d, hooks.idempotency),
    connector: connector.name,
    details: {
      ...input.details,
      brand: input.brand,
      ...(input.identifier ? { identifier: input.identifier } : {}),
      authorize: input.authorize,
      transactionType: input.transactionType,
      ...(input.commission !== undefined ? { commission: input.commission } : {}),
    },
    now: d.clock.now().toISOString(),
  });
  let redirectToken: string | undefined;
  let screened: Screened = {};
  let placement: Placement | undefined;
  const result = await chargeNewPayment(
    d,
    reserved,
    {
      transactionType: input.transactionType,
      hold: input.authorize,
      async call(transId) {
        if (risk) {
          // Side by side, as for cards: the check's read and the MID's cap reservation (one MID: no cascade for APMs).
          [screened, placement] = await Promise.all([
            screenApmPayment(risk, riskSubjectOf(input)),
            input.mid.limits ? placeWithinLimits(risk, input, [input.mid]) : undefined,
          ]);
          if (placement?.decision && !screened.decision) {
            screened = { decision: placement.decision };
            noteMetric(RISK_BLOCKED_METRIC, 1);
            noteMetric(CONTROL_METRICS[placement.decision.control]!, 1);
          }
        }
        if (screened.decision) {
          if (placement?.reserved) await releaseDailyVolume(risk!, placement.reserved);
          return { kind: 'declined', reason: RISK_DECLINE_REASON };
        }
        return callApm(connector, input, transId);
      },
      onAnswer(payment, outcome, _decision, now) {
        if (screened.decision) payment.details.risk = screened.decision;
        if (outcome.kind !== 'challenge') return;
        if (input.deadlineSeconds) payment.details.deadline = new Date(Date.parse(now) + input.deadlineSeconds * 1000).toISOString();
        // Waiting for the provider (crypto address): no page, so no token; the payer gets instructions instead.
        if (outcome.awaiting === 'provider') payment.details.instructions = outcome.instructions ?? {};
        else {
          redirectToken = input.redirectToken ?? newRedirectToken();
          payment.details.redirectTokenHash = tokenHash(redirectToken);
        }
      },
    },
    hooks,
  );
  // A declined payment takes no volume: its amount leaves the MID's cap again.
  if (placement?.reserved && !screened.decision && result.payment.status === 'DECLINED')
    await releaseDailyVolume(risk!, placement.reserved);
  return { ...result, redirectToken };
}
