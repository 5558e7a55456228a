/**
 * CREDITVOID: releases a held APM authorization (PENDING → REVERSAL, full amount only) or refunds a settled payment
 * (full or partial). Answers ACCEPTED; the outcome comes by callback with this attempt's creditvoid_id.
 * Hash: md5(upper(strrev(trans_id . PASSWORD))). Unknown trans_id: 100000 "Payment not found."; payouts cannot be refunded.
 */
import { NotFoundError } from '../../errors.js';
import { apmCreditvoidHash } from '../../protocol/signature.js';
import { apmCreditvoidAccepted } from '../../protocol/s2s-apm/responses.js';
import { creditvoid as creditvoidCore } from '../payment/creditvoid.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, loadApmPayment, once, readAmountText, readOptionalAmount } from './pipeline.js';

export const creditvoid: S2sApmAction = {
  action: 'CREDITVOID',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const payment = await loadApmPayment(req, NotFoundError.payment, (transId) => apmCreditvoidHash({ transId, password }, hashAlgorithm), readAmountText);
    const amount = readOptionalAmount(req, payment);
    return once(req, false, async (_key, followUp) => {
      const { payment: p } = await creditvoidCore(req.deps, { payment, amount }, { callbacks: apmRecorder(req), followUp });
      return { statusCode: 200, body: apmCreditvoidAccepted(p) };
    }, true);
  },
};
