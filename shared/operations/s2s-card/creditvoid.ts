/**
 * CREDITVOID: refund or reversal as the payment's state decides (payment/creditvoid.ts). The answer is ACCEPTED;
 * the outcome, with this attempt's creditvoid_id, comes by callback.
 */
import { NotFoundError } from '../../errors.js';
import { creditvoidAccepted } from '../../protocol/s2s-card/responses.js';
import { creditvoid as creditvoidCore } from '../payment/index.js';
import type { S2sCardAction } from './action.js';
import { loadByTransId, readAmountText, readOptionalAmount } from './lookup.js';
import { once, s2sRecorder } from './pipeline.js';

export const creditvoid: S2sCardAction = {
  action: 'CREDITVOID',
  async run(req) {
    const payment = await loadByTransId(req, NotFoundError.payment, readAmountText);
    const amount = readOptionalAmount(req, payment);
    return once(req, false, async (_key, followUp) => {
      const { payment: p } = await creditvoidCore(req.deps, { payment, amount }, { callbacks: s2sRecorder(req), followUp });
      return { statusCode: 200, body: creditvoidAccepted(p) };
    }, true);
  },
};
