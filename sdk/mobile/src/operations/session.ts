/** POST /api/v1/session: the hosted page's session; answers {redirect_url}. */
import { sessionProblems } from '../request/validate.js';
import { str, type CheckoutOperationSpec } from './operation.js';

export const session: CheckoutOperationSpec = {
  path: '/api/v1/session',
  problems: sessionProblems,
  hashParts: (body) => {
    const order = (body.order ?? {}) as Record<string, unknown>;
    return [str(order.number), str(order.amount), str(order.currency), str(order.description)];
  },
};
