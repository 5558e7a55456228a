/**
 * CREDITVOID: refund or reversal as the payment's state decides (payment/creditvoid.ts). The answer is ACCEPTED;
 * the outcome, with this attempt's creditvoid_id, comes by callback.
 */
import { NotFoundError } from '../../errors.js';
import { creditvoidAccepted } from '../../protocol/s2s-card/responses.js';
import { creditvoid as creditvoidCore } from '../payment/index.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sCardAction } from './action.js';
import { ownedPayment, readAmountText, readOptionalAmount, readTransId, requestVerifier, sentAmount } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const creditvoid: S2sCardAction = {
  action: 'CREDITVOID',
  async run(req) {
    const transId = readTransId(req, NotFoundError.payment, readAmountText);
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: s2sRecorder(req), followUp };
      const { payment: p } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        verifier: requestVerifier(req),
        event: 'CREDITVOID',
        amountText: sentAmount(req),
        verify: (found) => ownedPayment(req, found, NotFoundError.payment),
        onRead: (payment) => creditvoidCore(req.deps, { payment, amount: readOptionalAmount(req, payment) }, hooks),
      }, hooks);
      return { statusCode: 200, body: creditvoidAccepted(p) };
    }, true);
  },
};
