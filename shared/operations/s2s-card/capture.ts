/** CAPTURE of a held authorization by trans_id: full, or one partial amount (101000 for an unknown trans_id). */
import { NotFoundError } from '../../errors.js';
import { captureResult } from '../../protocol/s2s-card/responses.js';
import { capture as captureCore } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { loadByTransId, readAmountText, readOptionalAmount } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const capture: S2sCardAction = {
  action: 'CAPTURE',
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.transaction, readAmountText);
    const amount = readOptionalAmount(req, payment);
    return once(req, false, async (_key, followUp) => {
      const { payment: p, event } = await captureCore(req.deps, { payment, amount }, { callbacks: s2sRecorder(req), followUp });
      return { statusCode: 200, body: captureResult(event.result, p, event.amount, event.date, event.declineReason) };
    }, true);
  },
};
