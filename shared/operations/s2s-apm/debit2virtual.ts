/** DEBIT2VIRTUAL: one-step debit of the payer's account at the method; the payer pays amount + commission. */
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { apmCharge, apmConnectorFor } from './charge.js';
import { acceptPaymentRequest, chargeInput, paymentRequestFields, type PaymentRequestRules } from './payment-request.js';
import { apmRecorder, apmRedirect, once, storedAnswer } from './pipeline.js';

/** DEBIT2VIRTUAL's request rules; DEBIT2VIRTUAL_CALC reads the same request (debit2virtual-calc.ts). */
export const DEBIT2VIRTUAL_RULES: PaymentRequestRules = { signature: 'sale', returnUrl: true, auth: false, action: 'DEBIT2VIRTUAL' };
const RULES = DEBIT2VIRTUAL_RULES;

export const debit2virtual: S2sApmAction = {
  action: 'DEBIT2VIRTUAL',
  fields: paymentRequestFields(RULES),
  async run(req) {
    const accepted = acceptPaymentRequest(req, RULES);
    return once(req, true, async (key) => {
      const input = chargeInput(req, accepted, 'DEBIT2VIRTUAL', 'DEBIT');
      input.commission = apmConnectorFor(req.deps.apmConnectors, input.brand).commission({
        brand: input.brand,
        amount: input.amount,
        currency: input.currency,
      });
      const answer = (p: Parameters<typeof apmPaymentResult>[2], result: string) =>
        apmPaymentResult('DEBIT2VIRTUAL', result, p, apmRedirect(req, p, input.redirectToken));
      const { payment, event } = await apmCharge(req.deps, input, {
        callbacks: apmRecorder(req),
        idempotency: storedAnswer(key, (p, e) => answer(p, e.result)),
      });
      return { statusCode: 200, body: answer(payment, event.result) };
    });
  },
};
