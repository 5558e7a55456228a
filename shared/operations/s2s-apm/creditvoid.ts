/**
 * CREDITVOID: releases a held APM authorization (PENDING → REVERSAL, full amount only) or refunds a settled payment
 * (full or partial). Answers ACCEPTED; the outcome comes by callback with this attempt's creditvoid_id.
 * Hash: md5(upper(strrev(trans_id . PASSWORD))). Unknown trans_id: 100000 "Payment not found."; payouts cannot be refunded.
 */
import { NotFoundError } from '../../domain/errors.js';
import { apmCreditvoidHash } from '../../protocol/signature.js';
import { apmCreditvoidAccepted } from '../../protocol/s2s-apm/responses.js';
import { creditvoid as creditvoidCore } from '../payment/index.js';
import { s2sApmFollowUp } from './follow-up-action.js';

export const creditvoid = s2sApmFollowUp({
  event: 'CREDITVOID',
  core: creditvoidCore,
  withAmount: true,
  notFound: NotFoundError.payment,
  hash: ({ password, hashAlgorithm }, transId) => apmCreditvoidHash({ transId, password }, hashAlgorithm),
  answer: ({ payment: p }) => apmCreditvoidAccepted(p),
});
