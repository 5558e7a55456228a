/** CAPTURE of a held authorization by trans_id: full, or one partial amount (101000 for an unknown trans_id). */
import { NotFoundError } from '../../errors.js';
import { captureResult } from '../../protocol/s2s-card/responses.js';
import { capture as captureCore } from '../payment/index.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sCardAction } from './action.js';
import { ownedPayment, readAmountText, readOptionalAmount, readTransId, requestVerifier, sentAmount } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const capture: S2sCardAction = {
  action: 'CAPTURE',
  async run(req) {
    const transId = readTransId(req, NotFoundError.transaction, readAmountText);
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: s2sRecorder(req), followUp };
      const { payment: p, event } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        verifier: requestVerifier(req),
        event: 'CAPTURE',
        amountText: sentAmount(req),
        verify: (found) => ownedPayment(req, found, NotFoundError.transaction),
        onRead: (payment) => captureCore(req.deps, { payment, amount: readOptionalAmount(req, payment) }, hooks),
      }, hooks);
      return { statusCode: 200, body: captureResult(event.result, p, event.amount, event.date, event.declineReason) };
    }, true);
  },
};
