/** POST /api/v1/payment/refund: payment_id and, for a partial refund, amount; signed over both. */
import { refundProblems } from '../request/validate.js';
import { str, type CheckoutOperationSpec } from './operation.js';

export const refund: CheckoutOperationSpec = {
  path: '/api/v1/payment/refund',
  problems: refundProblems,
  hashParts: (body) => [str(body.payment_id), str(body.amount)],
};
