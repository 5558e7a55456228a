/** POST /api/v1/payment/refund: full or partial; the core picks REFUND or REVERSAL (type refund in the callback). */
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { creditvoid } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export const refund = checkoutFollowUp({
  scope: 'refund',
  event: 'CREDITVOID',
  core: creditvoid,
  withAmount: true,
  answer: (result) => acceptedBody(result.payment),
});
