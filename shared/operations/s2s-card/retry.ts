/**
 * RETRY: charges a soft-declined recurring transaction (RECURRING_SALE / RECURRING_DEBIT, scheduled ones included)
 * again, on the same trans_id with the card of its chain. Answers {action:"RETRY", result:"ACCEPTED", order_id,
 * trans_id}; the outcome (SUCCESS/SETTLED or DECLINED) comes by callback. Hash: Formula 1 over the payment's email
 * and card (protocol.md §2.1); Formula 2 over the trans_id is accepted too, as the other trans_id actions use it.
 */
import { InvalidHashError, NotFoundError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { FieldReader, PATTERNS } from '../../protocol/fields.js';
import { readFields } from '../../protocol/form-spec.js';
import { TRANS_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { formula1, hashMatches } from '../../protocol/signature.js';
import { retryCharge } from '../payment/index.js';
import type { S2sCardAction, S2sCardRequest } from './action.js';
import { verifyPaymentHash } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

async function load(req: S2sCardRequest): Promise<Payment> {
  const f = new FieldReader(req.form);
  const { trans_id: transId } = readFields(f, TRANS_ID_REQUEST);
  f.throwIfInvalid();
  const payment = PATTERNS.uuid.test(transId) ? await req.deps.payments.get(transId) : undefined;
  if (!payment || payment.clientKey !== req.config.merchant.clientKey) throw NotFoundError.transaction();
  const { password, hashAlgorithm } = req.config.merchant;
  const card6_4 = payment.card ? `${payment.card.bin}${payment.card.last4}` : '';
  if (!hashMatches(formula1({ email: payment.payerEmail, password, cardNumber: card6_4 }, hashAlgorithm), req.form.hash)) {
    try {
      verifyPaymentHash(req, payment);
    } catch {
      throw new InvalidHashError();
    }
  }
  return payment;
}

export const retry: S2sCardAction = {
  action: 'RETRY',
  fields: TRANS_ID_REQUEST,
  async run(req) {
    const payment = await load(req);
    return once(req, false, async (_key, followUp) => {
      const { payment: after } = await retryCharge(req.deps, payment, { callbacks: s2sRecorder(req), followUp });
      return { statusCode: 200, body: { action: 'RETRY', result: 'ACCEPTED', order_id: after.orderId, trans_id: after.transId } };
    });
  },
};
