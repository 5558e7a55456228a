/**
 * VOID of a SETTLED APM payment on the same financial day; a held authorization is "Void is not allowed."
 * (CREDITVOID releases it). Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 100000 "Payment not found.".
 */
import { NotFoundError } from '../../domain/errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmVoidResult } from '../../protocol/s2s-apm/responses.js';
import { voidPayment } from '../payment/index.js';
import { s2sApmFollowUp } from './follow-up-action.js';

export const voidAction = s2sApmFollowUp({
  event: 'VOID',
  core: voidPayment,
  withAmount: false,
  notFound: NotFoundError.payment,
  hash: ({ password, hashAlgorithm }, transId) => apmTransIdHash({ transId, password }, hashAlgorithm),
  answer: ({ payment: p, event }) => apmVoidResult(event.result, p, event.date, event.declineReason),
});
