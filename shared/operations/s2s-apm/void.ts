/**
 * VOID of a SETTLED APM payment on the same financial day; a held authorization is "Void is not allowed."
 * (CREDITVOID releases it). Hash: md5(upper(strrev(trans_id)) . PASSWORD). Unknown trans_id: 100000 "Payment not found.".
 */
import { NotFoundError } from '../../errors.js';
import { apmTransIdHash } from '../../protocol/signature.js';
import { apmVoidResult } from '../../protocol/s2s-apm/responses.js';
import { voidPayment } from '../payment/void.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sApmAction } from './action.js';
import { apmRecorder, once, ownedApmPayment, signedTransId } from './pipeline.js';

export const voidAction: S2sApmAction = {
  action: 'VOID',
  async run(req) {
    const { password, hashAlgorithm } = req.config.merchant;
    const transId = signedTransId(req, NotFoundError.payment, (id) => apmTransIdHash({ transId: id, password }, hashAlgorithm));
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: apmRecorder(req), followUp };
      const { payment: p, event } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        protocol: 's2s-apm',
        event: 'VOID',
        verify: (found) => ownedApmPayment(req, found, NotFoundError.payment),
        onRead: (payment) => voidPayment(req.deps, { payment }, hooks),
      }, hooks);
      return { statusCode: 200, body: apmVoidResult(event.result, p, event.date, event.declineReason) };
    }, true);
  },
};
