/**
 * VOID of a SETTLED APM payment on the same financial day; a held authorization is "Void is not allowed."
 * (CREDITVOID releases it). Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 100000 "Payment not found.".
 */
import { NotFoundError } from '../../errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmVoidResult } from '../../protocol/s2s-apm/responses.js';
import { voidPayment } from '../payment/void.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, loadApmPayment, once } from './pipeline.js';

export const voidAction: S2sApmAction = {
  action: 'VOID',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const payment = await loadApmPayment(req, NotFoundError.payment, (transId) => apmTransIdHash({ transId, password }, hashAlgorithm));
    return once(req, false, async (_key, followUp) => {
      const { payment: p, event } = await voidPayment(req.deps, { payment }, { callbacks: apmRecorder(req), followUp });
      return { statusCode: 200, body: apmVoidResult(event.result, p, event.date, event.declineReason) };
    }, true);
  },
};
