/**
 * CAPTURE of a held APM authorization (SALE with auth=Y): full, or one partial amount.
 * Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 101000 "Transaction does not exist.".
 */
import { NotFoundError } from '../../domain/errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmCaptureResult } from '../../protocol/s2s-apm/responses.js';
import { capture as captureCore } from '../payment/index.js';
import { s2sApmFollowUp } from './follow-up-action.js';

export const capture = s2sApmFollowUp({
  event: 'CAPTURE',
  core: captureCore,
  withAmount: true,
  notFound: NotFoundError.transaction,
  hash: ({ password, hashAlgorithm }, transId) => apmTransIdHash({ transId, password }, hashAlgorithm),
  answer: ({ payment: p, event }) => apmCaptureResult(event.result, p, event.amount, event.date, event.declineReason),
});
