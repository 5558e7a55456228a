/** VOID of a SETTLED payment on the same financial day (100000 "Payment not found." for an unknown trans_id). */
import { NotFoundError } from '../../errors.js';
import { voidResult } from '../../protocol/s2s-card/responses.js';
import { voidPayment } from '../payment/index.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { S2sCardAction } from './action.js';
import { ownedPayment, readTransId, requestVerifier } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const voidAction: S2sCardAction = {
  action: 'VOID',
  async run(req) {
    const transId = readTransId(req, NotFoundError.payment);
    return once(req, false, async (_key, followUp) => {
      const hooks = { callbacks: s2sRecorder(req), followUp };
      const { payment: p, event } = await runFollowUp(req.deps, {
        transId,
        clientKey: req.config.merchant.clientKey,
        verifier: requestVerifier(req),
        event: 'VOID',
        verify: (found) => ownedPayment(req, found, NotFoundError.payment),
        onRead: (payment) => voidPayment(req.deps, { payment }, hooks),
      }, hooks);
      return { statusCode: 200, body: voidResult(event.result, p, event.date, event.declineReason) };
    }, true);
  },
};
