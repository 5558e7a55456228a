/** POST /api/v1/payment/void: a settled payment on its financial day; signed over payment_id. */
import { voidProblems } from '../request/validate.js';
import { str, type CheckoutOperationSpec } from './operation.js';

export const voidPayment: CheckoutOperationSpec = {
  path: '/api/v1/payment/void',
  problems: voidProblems,
  hashParts: (body) => [str(body.payment_id)],
};
