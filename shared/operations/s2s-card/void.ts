/** VOID of a SETTLED payment on the same financial day (100000 "Payment not found." for an unknown trans_id). */
import { NotFoundError } from '../../errors.js';
import { voidResult } from '../../protocol/s2s-card/responses.js';
import { voidPayment } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { loadByTransId } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const voidAction: S2sCardAction = {
  action: 'VOID',
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.payment);
    return once(req, false, async (_key, followUp) => {
      const { payment: p, event } = await voidPayment(req.deps, { payment }, { callbacks: s2sRecorder(req), followUp });
      return { statusCode: 200, body: voidResult(event.result, p, event.date, event.declineReason) };
    }, true);
  },
};
