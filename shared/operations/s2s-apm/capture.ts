/**
 * CAPTURE of a held APM authorization (SALE with auth=Y): full, or one partial amount.
 * Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 101000 "Transaction does not exist.".
 */
import { NotFoundError } from '../../errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmCaptureResult } from '../../protocol/s2s-apm/responses.js';
import { capture as captureCore } from '../payment/capture.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, loadApmPayment, once, readAmountText, readOptionalAmount } from './pipeline.js';

export const capture: S2sApmAction = {
  action: 'CAPTURE',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const payment = await loadApmPayment(req, NotFoundError.transaction, (transId) => apmTransIdHash({ transId, password }, hashAlgorithm), readAmountText);
    const amount = readOptionalAmount(req, payment);
    return once(req, false, async (_key, followUp) => {
      const { payment: p, event } = await captureCore(req.deps, { payment, amount }, { callbacks: apmRecorder(req), followUp });
      return { statusCode: 200, body: apmCaptureResult(event.result, p, event.amount, event.date, event.declineReason) };
    }, true);
  },
};
