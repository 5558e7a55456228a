/**
 * CAPTURE of a held APM authorization (SALE with auth=Y): full, or one partial amount.
 * Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 101000 "Transaction does not exist.".
 */
import { NotFoundError } from '../../errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmCaptureResult } from '../../protocol/s2s-apm/responses.js';
import { capture as captureCore } from '../payment/capture.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, once, ownedApmPayment, readAmountText, readOptionalAmount, sentAmount, signedTransId } from './pipeline.js';

export const capture: S2sApmAction = {
  action: 'CAPTURE',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const transId = signedTransId(req, NotFoundError.transaction, (id) => apmTransIdHash({ transId: id, password }, hashAlgorithm), readAmountText);
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: apmRecorder(req), followUp };
      const { payment: p, event } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        protocol: 's2s-apm',
        event: 'CAPTURE',
        amountText: sentAmount(req),
        verify: (found) => ownedApmPayment(req, found, NotFoundError.transaction),
        onRead: (payment) => captureCore(req.deps, { payment, amount: readOptionalAmount(req, payment) }, hooks),
      }, hooks);
      return { statusCode: 200, body: apmCaptureResult(event.result, p, event.amount, event.date, event.declineReason) };
    }, true);
  },
};
