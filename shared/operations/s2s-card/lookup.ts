/** Loads the payment a trans_id names and checks the request hash against it (Formula 2, or 6 for CREDIT2CARD). */
import { InvalidHashError } from '../../errors.js';
import type { Payment } from '../../domain/payment.js';
import { FieldReader, PATTERNS } from '../../protocol/fields.js';
import { formula2, formula6, hashEquals } from '../../protocol/signature.js';
import type { S2sCardRequest } from './action.js';

export function verifyPaymentHash(req: S2sCardRequest, p: Payment): void {
  const { password, hashAlgorithm } = req.config.merchant;
  const card6_4 = p.card ? `${p.card.bin}${p.card.last4}` : '';
  const expected =
    p.action === 'CREDIT2CARD'
      ? formula6({ password, transId: p.transId, cardNumber: card6_4 }, hashAlgorithm)
      : formula2({ email: p.payerEmail, password, transId: p.transId, cardNumber: card6_4 }, hashAlgorithm);
  if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
}

/**
 * The payment named by trans_id, if it belongs to this merchant. `notFound` gives the action's own error
 * (101000 "Transaction does not exist." for lookups and CAPTURE, 100000 "Payment not found." for VOID/CREDITVOID).
 */
export async function loadByTransId(req: S2sCardRequest, notFound: () => Error): Promise<Payment> {
  const f = new FieldReader(req.form);
  const transId = f.required('trans_id', { max: 64 });
  f.required('hash');
  f.throwIfInvalid();
  if (!PATTERNS.uuid.test(transId)) throw notFound();
  const payment = await req.deps.payments.get(transId);
  if (!payment || payment.clientKey !== req.config.merchant.clientKey) throw notFound();
  verifyPaymentHash(req, payment);
  return payment;
}


