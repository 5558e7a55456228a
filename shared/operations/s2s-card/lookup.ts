/** Loads the payment a trans_id names and checks the request hash against it (Formula 2, or 6 for CREDIT2CARD). */
import { InvalidHashError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { FieldReader, PATTERNS } from '../../protocol/fields.js';
import { readFields, readForm, type FormSpec } from '../../protocol/form-spec.js';
import { AMOUNT_FIELD, TRANS_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { hashMatches } from '../../protocol/signature.js';
import { followUpVerifier, paymentHash, paymentVerifier } from './follow-up-verifier.js';
import type { S2sCardRequest } from './action.js';

/**
 * Formula 2 (6 for CREDIT2CARD) over one of `ids`: the trans_id, or for GET_TRANS_STATUS_BY_ORDER also the order_id
 * in its place (that is Formula 7) — the docs name Formula 2 for a request that carries no trans_id, so both are taken.
 */
export function verifyPaymentHash(req: S2sCardRequest, p: Payment, ids: string[] = [p.transId]): void {
  if (
    !hashMatches(
      ids.map((id) => paymentHash(req.config.merchant, p, id)),
      req.form.hash,
    )
  )
    throw new InvalidHashError();
}

/**
 * The payment named by trans_id, if it belongs to this merchant. `notFound` gives the action's own error
 * (101000 "Transaction does not exist." for lookups and CAPTURE, 100000 "Payment not found." for VOID/CREDITVOID).
 */
export async function loadByTransId(req: S2sCardRequest, notFound: () => Error): Promise<Payment> {
  const transId = readTransId(req, notFound);
  return ownedPayment(req, await req.deps.payments.get(transId), notFound);
}

/**
 * The request's trans_id, its fields (`spec`: the action's request, TRANS_ID_REQUEST first) checked first: a
 * trans_id that cannot exist is not found without a read.
 */
export function readTransId(
  req: S2sCardRequest,
  notFound: () => Error,
  spec: typeof TRANS_ID_REQUEST & FormSpec = TRANS_ID_REQUEST,
): string {
  const f = new FieldReader(req.form);
  const { trans_id: transId } = readFields(f, spec);
  f.throwIfInvalid();
  if (!PATTERNS.uuid.test(transId)) throw notFound();
  return transId;
}

/** The payment found, if it is this merchant's and the request's hash is right for it. */
export function ownedPayment(req: S2sCardRequest, payment: Payment | undefined, notFound: () => Error): Payment {
  if (!payment || payment.clientKey !== req.config.merchant.clientKey) throw notFound();
  verifyPaymentHash(req, payment);
  // The verifier of the current password: the next write stores it (an item written before had none, or a stale one).
  payment.fuv = paymentVerifier(req.config.merchant, payment);
  return payment;
}

/** CAPTURE / CREDITVOID `amount` as sent (checked by readTransId with AMOUNT_FIELD), parsed once the currency is known. */
export function sentAmount(req: S2sCardRequest): string | undefined {
  return readForm(req.form, AMOUNT_FIELD).values.amount;
}

/** The verifier of the request's hash (checked present by readTransId), for the reservation's condition. */
export function requestVerifier(req: S2sCardRequest): string {
  return followUpVerifier(req.config.merchant, String(req.form.hash));
}
