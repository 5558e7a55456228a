/**
 * CREDIT2VIRTUAL: payout to the payer's account at the method. Hash: the Credit2Virtual signature
 * md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD); callbacks use the Credit2Virtual callback
 * signature. A payout cannot be voided or refunded.
 */
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { apmCharge } from './charge.js';
import { acceptPaymentRequest, chargeInput } from './payment-request.js';
import { apmRecorder, once, storedAnswer } from './pipeline.js';

export const credit2virtual: S2sApmAction = {
  action: 'CREDIT2VIRTUAL',
  async run(req) {
    const accepted = acceptPaymentRequest(req, { signature: 'credit2virtual', returnUrl: false, auth: false, action: 'CREDIT2VIRTUAL' });
    return once(req, true, async (key) => {
      const input = { ...chargeInput(req, accepted, 'CREDIT2VIRTUAL', 'CREDIT2VIRTUAL'), payout: true };
      const answer = (p: Parameters<typeof apmPaymentResult>[2], result: string) => apmPaymentResult('CREDIT2VIRTUAL', result, p);
      const { payment, event } = await apmCharge(req.deps, input, { callbacks: apmRecorder(req), idempotency: storedAnswer(key, (p, e) => answer(p, e.result)) });
      return { statusCode: 200, body: answer(payment, event.result) };
    });
  },
};
