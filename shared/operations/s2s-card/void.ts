/** VOID of a SETTLED payment on the same financial day (100000 "Payment not found." for an unknown trans_id). */
import { NotFoundError } from '../../domain/errors.js';
import { voidResult } from '../../protocol/s2s-card/responses.js';
import { voidPayment } from '../payment/index.js';
import { s2sCardFollowUp } from './follow-up-action.js';

export const voidAction = s2sCardFollowUp({
  event: 'VOID',
  core: voidPayment,
  withAmount: false,
  notFound: NotFoundError.payment,
  answer: ({ payment: p, event }) => voidResult(event.result, p, event.date, event.declineReason),
});
