/** CAPTURE of a held authorization by trans_id: full, or one partial amount (101000 for an unknown trans_id). */
import { NotFoundError } from '../../domain/errors.js';
import { captureResult } from '../../protocol/s2s-card/responses.js';
import { capture as captureCore } from '../payment/index.js';
import { s2sCardFollowUp } from './follow-up-action.js';

export const capture = s2sCardFollowUp({
  event: 'CAPTURE',
  core: captureCore,
  withAmount: true,
  notFound: NotFoundError.transaction,
  answer: ({ payment: p, event }) => captureResult(event.result, p, event.amount, event.date, event.declineReason),
});
