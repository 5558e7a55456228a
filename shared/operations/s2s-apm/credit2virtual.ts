/**
 * CREDIT2VIRTUAL and CREDIT2CRYPTO: payout to the payer's account (or crypto address) at the method. Hash: the
 * Credit2Virtual signature md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD); callbacks use the
 * Credit2Virtual callback signature. A payout cannot be voided or refunded. The brand decides which of the two it
 * takes (its descriptor's actions).
 */
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { apmCharge } from './charge.js';
import { acceptPaymentRequest, chargeInput, paymentRequestFields } from './payment-request.js';
import { apmRecorder, once, storedAnswer } from './pipeline.js';

/** The payout actions: the same fields and flow, named as the method's money moves. */
export const PAYOUT_ACTIONS = ['CREDIT2VIRTUAL', 'CREDIT2CRYPTO'] as const;

function payout(action: (typeof PAYOUT_ACTIONS)[number]): S2sApmAction {
  const rules = { signature: 'credit2virtual', returnUrl: false, auth: false, action } as const;
  return {
    action,
    fields: paymentRequestFields(rules),
    async run(req) {
      const accepted = acceptPaymentRequest(req, rules);
      return once(req, true, async (key) => {
        const input = { ...chargeInput(req, accepted, action, 'CREDIT2VIRTUAL'), payout: true };
        const answer = (p: Parameters<typeof apmPaymentResult>[2], result: string) => apmPaymentResult(action, result, p);
        const { payment, event } = await apmCharge(req.deps, input, {
          callbacks: apmRecorder(req),
          idempotency: storedAnswer(key, (p, e) => answer(p, e.result)),
        });
        return { statusCode: 200, body: answer(payment, event.result) };
      });
    },
  };
}

export const credit2virtual = payout('CREDIT2VIRTUAL');
export const credit2crypto = payout('CREDIT2CRYPTO');
