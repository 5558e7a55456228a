/**
 * The protocol `hash` of each callback shape: Checkout / hosted fields (id + order), S2S CARD (Formula 2, or 6 for
 * CREDIT2CARD) and S2S APM (the sorted-reversed signature, or the Credit2Virtual one for CREDIT2VIRTUAL and
 * CREDIT2CRYPTO payouts). The shape decides: Checkout callbacks carry `id` and `order_number`; S2S CARD ones the
 * masked `card`; S2S APM ones neither.
 */
import {
  apmCallbackHash,
  apmCredit2VirtualCallbackHash,
  formula2,
  formula6,
  hashMatches,
  paymentHash,
  type HashAlgorithm,
} from '@open-payments/protocol';
import { SignatureVerificationError } from '../errors.js';
import type { ParsedForm } from '../wire/form.js';

export type CallbackProtocol = 'checkout' | 's2s-card' | 's2s-apm';

export interface ProtocolHashOptions {
  password: string;
  hashAlgorithm: HashAlgorithm;
  /** S2S CARD: the payment's payer_email (Formula 2 covers it; the callback carries it only with the payer mapping). */
  payerEmail?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The S2S APM payouts, whose callbacks carry the Credit2Virtual callback signature (CREDIT2CRYPTO's too). */
const PAYOUT_ACTIONS = ['CREDIT2VIRTUAL', 'CREDIT2CRYPTO'];

export function callbackProtocol(fields: ParsedForm): CallbackProtocol {
  if (text(fields.id) && text(fields.order_number) !== undefined) return 'checkout';
  if (text(fields.action) && text(fields.trans_id)) return text(fields.card) ? 's2s-card' : 's2s-apm';
  throw new SignatureVerificationError('unknown_shape', 'Not a callback of a known protocol (no id/order_number, no action/trans_id)');
}

/** Whether checking the hash of this callback needs the payer's e-mail: every S2S CARD callback but CREDIT2CARD's. */
export const needsPayerEmail = (fields: ParsedForm, protocol: CallbackProtocol): boolean =>
  protocol === 's2s-card' && text(fields.action) !== 'CREDIT2CARD';

/** The hash the callback must carry. */
export function expectedHash(fields: ParsedForm, protocol: CallbackProtocol, o: ProtocolHashOptions): string {
  const s = (k: string) => text(fields[k]) ?? '';
  const signer = { password: o.password, hashAlgorithm: o.hashAlgorithm };
  if (protocol === 'checkout') {
    return paymentHash(signer, s('id'), {
      number: s('order_number'),
      amount: text(fields.order_amount),
      currency: s('order_currency'),
      description: s('order_description'),
    });
  }
  if (protocol === 's2s-apm') {
    return PAYOUT_ACTIONS.includes(s('action'))
      ? apmCredit2VirtualCallbackHash(
          { transId: s('trans_id'), orderId: s('order_id'), status: s('status'), password: o.password },
          o.hashAlgorithm,
        )
      : apmCallbackHash(fields, o.password, o.hashAlgorithm);
  }
  // S2S CARD: over the masked card the callback carries (first 6 and last 4 are all the formulas use).
  if (!needsPayerEmail(fields, protocol))
    return formula6({ password: o.password, transId: s('trans_id'), cardNumber: s('card') }, o.hashAlgorithm);
  if (!o.payerEmail) {
    throw new SignatureVerificationError(
      'missing_payer_email',
      'S2S CARD callbacks are signed over the payer_email of the payment: pass payerEmail',
    );
  }
  return formula2({ email: o.payerEmail, password: o.password, transId: s('trans_id'), cardNumber: s('card') }, o.hashAlgorithm);
}

export function verifyProtocolHash(fields: ParsedForm, protocol: CallbackProtocol, o: ProtocolHashOptions): void {
  if (!hashMatches(expectedHash(fields, protocol, o), fields.hash))
    throw new SignatureVerificationError('hash_mismatch', `The ${protocol} callback hash does not match`);
}
