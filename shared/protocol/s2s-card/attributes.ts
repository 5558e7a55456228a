/**
 * The 6.7.0 attributes shared by S2S CARD status responses and callbacks: masked card, expiry, brand, 3DS attributes,
 * browser attributes, payer attributes (only when the merchant's mapping turns them on), moto_type.
 */
import type { CallbackMappings } from '../../domain/merchant.js';
import { maskCard, type Payment } from '../../domain/payment.js';

export const THREE_DS_ATTRIBUTES = [
  'threeDSServerTransID',
  'dsTransID',
  'acsTransID',
  'xid',
  'transStatus',
  'transStatusReason',
  'eci',
  'protocolVersion',
  'authenticationFlow',
] as const;

export function cardAttributes(p: Payment): Record<string, string> {
  if (!p.card) return {};
  return {
    card: maskCard(p.card),
    // A payout card may come without expiry.
    ...(p.card.expMonth ? { card_expiration_date: `${p.card.expMonth}/${p.card.expYear}` } : {}),
    brand: p.card.brand,
  };
}

export function extraAttributes(p: Payment, m: CallbackMappings): Record<string, string> {
  const out: Record<string, string> = {};
  const threeDs = p.details.threeDs as Record<string, string> | undefined;
  if (m.threeDs && threeDs) for (const k of THREE_DS_ATTRIBUTES) if (threeDs[k] !== undefined) out[k] = threeDs[k];
  const browser = p.details.browser as Record<string, string> | undefined;
  if (m.browser && browser) Object.assign(out, browser);
  const payer = p.details.payer as Record<string, string> | undefined;
  if (m.payer && payer) Object.assign(out, payer);
  if (typeof p.details.motoType === 'string') out.moto_type = p.details.motoType;
  return out;
}
