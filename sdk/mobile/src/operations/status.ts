/** POST /api/v1/payment/status by payment_id or order_id (+ size): signed over the one id. */
import { statusProblems } from '../request/validate.js';
import { str, type CheckoutOperationSpec } from './operation.js';

export const status: CheckoutOperationSpec = {
  path: '/api/v1/payment/status',
  problems: statusProblems,
  hashParts: (body) => [str(body.payment_id) ?? str(body.order_id)],
};
