/**
 * CREDITVOID: releases a held APM authorization (PENDING → REVERSAL, full amount only) or refunds a settled payment
 * (full or partial). Answers ACCEPTED; the outcome comes by callback with this attempt's creditvoid_id.
 * Hash: md5(upper(strrev(trans_id . PASSWORD))). Unknown trans_id: 100000 "Payment not found."; payouts cannot be refunded.
 */
import { NotFoundError } from '../../errors.js';
import { apmCreditvoidHash } from '../../protocol/signature.js';
import { apmCreditvoidAccepted } from '../../protocol/s2s-apm/responses.js';
import { creditvoid as creditvoidCore } from '../payment/creditvoid.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, once, ownedApmPayment, readAmountText, readOptionalAmount, sentAmount, signedTransId } from './pipeline.js';

export const creditvoid: S2sApmAction = {
  action: 'CREDITVOID',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const transId = signedTransId(req, NotFoundError.payment, (id) => apmCreditvoidHash({ transId: id, password }, hashAlgorithm), readAmountText);
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: apmRecorder(req), followUp };
      const { payment: p } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        protocol: 's2s-apm',
        event: 'CREDITVOID',
        amountText: sentAmount(req),
        verify: (found) => ownedApmPayment(req, found, NotFoundError.payment),
        onRead: (payment) => creditvoidCore(req.deps, { payment, amount: readOptionalAmount(req, payment) }, hooks),
      }, hooks);
      return { statusCode: 200, body: apmCreditvoidAccepted(p) };
    }, true);
  },
};
