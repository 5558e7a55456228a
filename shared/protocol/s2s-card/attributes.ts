/**
 * The 6.7.0 attributes shared by S2S CARD status responses and callbacks: masked card, expiry, brand, 3DS attributes,
 * browser attributes, card-on-file attributes, payer attributes (each only when the merchant's mapping turns it on),
 * moto_type.
 */
import type { CallbackMappings } from '../../domain/merchant.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import { browserAttributes, cardOnFileAttributes, threeDsAttributes } from '../payment-attributes.js';

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
  const out: Record<string, string> = { ...threeDsAttributes(p, m), ...browserAttributes(p, m), ...cardOnFileAttributes(p, m) };
  const payer = p.details.payer;
  if (m.payer && payer) Object.assign(out, payer);
  if (p.details.motoType !== undefined) out.moto_type = p.details.motoType;
  return out;
}
