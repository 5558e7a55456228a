/**
 * MID routing (6.7.0): a sale needs an SMS or SMS/DMS MID, an authorization a DMS or SMS/DMS MID; a MOTO payment a
 * MOTO-enabled MID (204025 otherwise); a zero amount a MID that supports zero-value transactions.
 */
import { BusinessRuleError, ValidationError } from '../../errors.js';
import type { Mid } from '../../domain/merchant.js';

export interface RoutingNeeds {
  authorize: boolean;
  moto?: boolean;
  zeroAmount?: boolean;
}

export const ZERO_AMOUNT_MESSAGE = 'This value should be greater than 0.';

export function selectMid(mids: Mid[], needs: RoutingNeeds): Mid {
  const byMode = mids.filter((m) => m.enabled && (m.paymentMode === 'SMS/DMS' || m.paymentMode === (needs.authorize ? 'DMS' : 'SMS')));
  if (byMode.length === 0) throw BusinessRuleError.noMid();
  const byMoto = needs.moto ? byMode.filter((m) => m.moto) : byMode;
  if (byMoto.length === 0) throw BusinessRuleError.noMotoMid();
  const byZero = needs.zeroAmount ? byMoto.filter((m) => m.zeroAmount) : byMoto;
  // The spec reports a zero amount the provider cannot take as the amount error itself.
  if (byZero.length === 0) throw ValidationError.field('amount', ZERO_AMOUNT_MESSAGE);
  return byZero[0]!;
}
