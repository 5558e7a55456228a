/**
 * The risk check of a payer's new card payment (docs/risk.md), as the payment core's ChargeScreen port: the
 * controls and rules (check.ts) and the MID limits (mid-limits.ts) side by side before the acquirer; after a decline,
 * the card's decline counter and the MID volume given back. One screen per payment: it keeps what it found.
 */
import type { Mid } from '../../domain/merchant.js';
import { payerAbsent } from '../../domain/card-on-file.js';
import { cardBrand } from '../../protocol/fields.js';
import { noteMetric } from '../../lib/telemetry.js';
import { isMoto, type ChargeInput, type ChargeScreen, type CoreDeps } from '../payment/index.js';
import { countDecline, screenCardPayment, screenMerchantInitiated, type RiskDeps, type RiskSubject, type Screened } from './check.js';
import { CONTROL_METRICS, RISK_BLOCKED_METRIC, RISK_DECLINE_REASON } from './decision.js';
import { placeWithinLimits, releaseDailyVolume, type Placement } from './mid-limits.js';

/** `initiatedBy` merchant: a recurring charge or a schedule's run, checked against the rules and limits only (no payer, no counter). */
export function chargeScreen(
  d: RiskDeps & Pick<CoreDeps, 'connectors'>,
  input: ChargeInput,
  initiatedBy: 'payer' | 'merchant' = 'payer',
): ChargeScreen {
  let screened: Screened = {};
  let placement: Placement | undefined;
  return {
    async before(candidates, canChallenge) {
      // Side by side: the check's read and the MID limits' cap reservation take one round trip together.
      [screened, placement] = await Promise.all([
        initiatedBy === 'payer' ? screenCardPayment(d, riskSubjectOf(d, input)) : screenMerchantInitiated(d, riskSubjectOf(d, input)),
        candidates.some((m) => m.limits) ? placeWithinLimits(d, input, candidates) : undefined,
      ]);
      if (placement?.decision && !screened.decision) {
        screened = { ...screened, decision: placement.decision };
        noteMetric(RISK_BLOCKED_METRIC, 1);
        noteMetric(CONTROL_METRICS[placement.decision.control]!, 1);
      }
      const first: Mid = placement?.mid ?? candidates[0]!;
      // MID limits moved the payment to a MID whose connector cannot challenge: the rule blocks, as for any flow without 3DS.
      if (screened.challenge && !canChallenge(first)) {
        screened = {
          ...screened,
          decision: { ...screened.challenge, reason: `${screened.challenge.reason} (this payment cannot run 3DS: blocked)` },
          challenge: undefined,
        };
        noteMetric(RISK_BLOCKED_METRIC, 1);
        noteMetric(CONTROL_METRICS.rule!, 1);
      }
      if (screened.decision && placement?.reserved) await releaseDailyVolume(d, placement.reserved);
      return {
        ...(screened.decision ? { declineReason: RISK_DECLINE_REASON } : {}),
        risk: screened.decision ?? screened.challenge,
        challenge: !!screened.challenge,
        fingerprint: screened.fingerprint,
        first,
        fallbacks: placement ? placement.fallbacks : candidates.slice(1),
      };
    },
    async unused() {
      if (placement?.reserved && !screened.decision) await releaseDailyVolume(d, placement.reserved);
    },
    async declined() {
      if (screened.decision) return;
      if (screened.counted) await countDecline(d, screened.counted);
      // A declined payment takes no volume: its amount leaves the MID's cap again.
      if (placement?.reserved) await releaseDailyVolume(d, placement.reserved);
    },
  };
}

/** What the risk check looks at: the card, the payer as the integration knows it, and the facts rules match on. */
function riskSubjectOf(d: Pick<CoreDeps, 'connectors'>, input: ChargeInput): RiskSubject {
  const payer: Record<string, string | undefined> = input.details.payer ?? {};
  const payerCountry = payer.payer_country?.trim().toUpperCase() || undefined;
  const moto = isMoto(input.details.motoType);
  return {
    clientKey: input.clientKey,
    cardNumber: input.card.number,
    payerIp: input.payerIp,
    payerEmail: input.payerEmail ?? payer.payer_email,
    payerCountry: payer.payer_country,
    // The BIN country is added by the check from its read (imported BINs, docs/risk.md).
    facts: {
      amount: input.amount,
      currency: input.currency,
      brand: cardBrand(input.card.number),
      ...(payerCountry ? { payerCountry } : {}),
      integration: input.integration ?? (input.protocol === 's2s-card' ? 's2s-card' : 'checkout'),
      moto,
    },
    // 3DS needs the payer there and a connector that challenges on request; a payout or external 3DS runs none.
    hasThreeDs: !!input.authentication,
    canChallenge:
      !input.externalThreeDs &&
      !input.payout &&
      !moto &&
      !payerAbsent(input.details.payerPresent) &&
      !!d.connectors.named(input.mid.connector).canRequestChallenge,
  };
}
