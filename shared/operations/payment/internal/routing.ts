/**
 * MID routing (6.7.0): a sale needs an SMS or SMS/DMS MID, an authorization a DMS or SMS/DMS MID; a MOTO payment a
 * MOTO-enabled MID (204025 otherwise); a zero amount a MID that supports zero-value transactions.
 *
 * A sale that no SMS or SMS/DMS MID can take goes to a DMS MID as an authorization (the spec's transition table:
 * "payment, two-stage MID | SALE | MID in DMS mode → PENDING, stays until captured"). Only the flows that name
 * themselves a sale (`sale: true`) may fall back so: a DEBIT or a payout is never held.
 */
import { BusinessRuleError, ValidationError } from '../../../domain/errors.js';
import { paymentModeOf, type Mid } from '../../../domain/merchant.js';

export interface RoutingNeeds {
  authorize: boolean;
  /** A SALE / purchase: may be held on a DMS MID when no SMS or SMS/DMS MID fits. */
  sale?: boolean;
  moto?: boolean;
  zeroAmount?: boolean;
}

export interface Route {
  mid: Mid;
  /** Hold the funds (PENDING): asked for, or a sale routed to a DMS MID. */
  authorize: boolean;
}

export const ZERO_AMOUNT_MESSAGE = 'This value should be greater than 0.';

/** moto_type names a MOTO payment, except `ecommerce`, which says it is not one (on every protocol). */
export function isMoto(motoType: string | undefined): boolean {
  return !!motoType && motoType !== 'ecommerce';
}

export function routePayment(mids: Mid[], needs: RoutingNeeds): Route {
  const enabled = mids.filter((m) => m.enabled);
  // Candidate MIDs in order of preference, each with what a payment there becomes.
  const tiers: Route[][] = needs.authorize
    ? [enabled.filter((m) => paymentModeOf(m) !== 'SMS').map((mid) => ({ mid, authorize: true }))]
    : [
        enabled.filter((m) => paymentModeOf(m) !== 'DMS').map((mid) => ({ mid, authorize: false })),
        needs.sale ? enabled.filter((m) => paymentModeOf(m) === 'DMS').map((mid) => ({ mid, authorize: true })) : [],
      ];
  const byMode = tiers.filter((t) => t.length > 0);
  if (byMode.length === 0) throw BusinessRuleError.noMid();
  const byMoto = byMode.map((t) => (needs.moto ? t.filter((r) => r.mid.moto) : t)).filter((t) => t.length > 0);
  if (byMoto.length === 0) throw BusinessRuleError.noMotoMid();
  const byZero = byMoto.map((t) => (needs.zeroAmount ? t.filter((r) => r.mid.zeroAmount) : t)).filter((t) => t.length > 0);
  // The spec reports a zero amount the provider cannot take as the amount error itself.
  if (byZero.length === 0) throw ValidationError.field('amount', ZERO_AMOUNT_MESSAGE);
  return byZero[0]![0]!;
}

/** Only the MID: session-time checks, and payments whose hold is decided by the request alone (DEBIT, payouts, recurring). */
export function selectMid(mids: Mid[], needs: RoutingNeeds): Mid {
  return routePayment(mids, needs).mid;
}
