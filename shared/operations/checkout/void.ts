/** POST /api/v1/payment/void: a SETTLED payment on the day it settled. Answer per protocol.md §5.2's example. */
import { voidBody } from '../../protocol/checkout/responses.js';
import { voidPayment } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export const voidCheckout = checkoutFollowUp({
  scope: 'void',
  event: 'VOID',
  core: voidPayment,
  withAmount: false,
  answer: ({ payment, event }) => voidBody(payment, event.result === 'SUCCESS', event.declineReason),
});
