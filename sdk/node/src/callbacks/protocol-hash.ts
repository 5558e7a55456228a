/**
 * The protocol `hash` of each callback shape: Checkout / hosted fields (id + order), S2S CARD (Formula 2, or 6 for
 * CREDIT2CARD) and S2S APM (the sorted-reversed signature, or the Credit2Virtual one). The shape decides: Checkout
 * callbacks carry `id` and `order_number`; S2S CARD ones the masked `card`; S2S APM ones neither.
 */
import { checkoutHash } from '../hash/checkout.js';
import { hexEquals } from '../hash/compare.js';
import type { HashAlgorithm } from '../hash/php.js';
import { apmCallbackHash, apmCredit2VirtualCallbackHash, type FormTree } from '../hash/s2s-apm.js';
import { formula2, formula6 } from '../hash/s2s-card.js';
import { SignatureVerificationError } from '../errors.js';
import type { ParsedForm } from '../wire/form.js';

export type CallbackProtocol = 'checkout' | 's2s-card' | 's2s-apm';

export interface ProtocolHashOptions {
  password: string;
  hashAlgorithm: HashAlgorithm;
  /** S2S CARD callbacks are signed over the payment's payer_email, which they carry only with the payer mapping. */
  payerEmail?: string | ((fields: ParsedForm) => string | undefined);
  /** The shape when the body cannot tell (an S2S CARD wallet payment's callback carries no `card`). */
  protocol?: CallbackProtocol;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function callbackProtocol(fields: ParsedForm): CallbackProtocol {
  if (text(fields.id) && text(fields.order_number) !== undefined) return 'checkout';
  if (text(fields.action) && text(fields.trans_id)) return text(fields.card) ? 's2s-card' : 's2s-apm';
  throw new SignatureVerificationError('unknown_shape', 'Not a callback of a known protocol (no id/order_number, no action/trans_id)');
}

export function verifyProtocolHash(fields: ParsedForm, o: ProtocolHashOptions): CallbackProtocol {
  const protocol = o.protocol ?? callbackProtocol(fields);
  const received = text(fields.hash);
  const s = (k: string) => text(fields[k]);
  let expected: string;
  if (protocol === 'checkout') {
    expected = checkoutHash([s('id'), s('order_number'), s('order_amount'), s('order_currency'), s('order_description')], o.password, o.hashAlgorithm);
  } else if (protocol === 's2s-apm') {
    expected =
      s('action') === 'CREDIT2VIRTUAL'
        ? apmCredit2VirtualCallbackHash({ transId: s('trans_id') ?? '', orderId: s('order_id') ?? '', status: s('status') ?? '', password: o.password }, o.hashAlgorithm)
        : apmCallbackHash(fields as Record<string, FormTree>, o.password, o.hashAlgorithm);
  } else if (s('action') === 'CREDIT2CARD') {
    // Formula 6 over the masked card the callback carries.
    expected = formula6({ password: o.password, transId: s('trans_id') ?? '', card: s('card') ?? '' }, o.hashAlgorithm);
  } else {
    const email = (typeof o.payerEmail === 'function' ? o.payerEmail(fields) : o.payerEmail) ?? s('payer_email');
    if (!email) {
      throw new SignatureVerificationError('missing_payer_email', 'S2S CARD callbacks are signed over the payer_email of the payment: pass payerEmail');
    }
    expected = formula2({ email, password: o.password, transId: s('trans_id') ?? '', card: s('card') ?? '' }, o.hashAlgorithm);
  }
  if (!hexEquals(expected, received)) throw new SignatureVerificationError('hash_mismatch', `The ${protocol} callback hash does not match`);
  return protocol;
}
