/**
 * DEBIT2VIRTUAL_CALC: the first of the two-step debit. Records the payment as PREPARE with the provider's commission
 * and answers SUCCESS/PREPARE with amount, commission and total_amount; DEBIT2VIRTUAL_COMPLETE charges it.
 */
import { apmPaymentResult } from '../../protocol/s2s-apm/responses.js';
import type { S2sApmAction } from './action.js';
import { acceptPaymentRequest, chargeInput, paymentRequestFields } from './payment-request.js';
import { DEBIT2VIRTUAL_RULES } from './debit2virtual.js';
import { once, storedAnswer } from './pipeline.js';
import { prepareDebit } from './two-step-debit.js';

const RULES = DEBIT2VIRTUAL_RULES;

export const debit2virtualCalc: S2sApmAction = {
  action: 'DEBIT2VIRTUAL_CALC',
  fields: paymentRequestFields(RULES),
  async run(req) {
    const accepted = acceptPaymentRequest(req, RULES);
    return once(req, true, async (key) => {
      const answer = (p: Parameters<typeof apmPaymentResult>[2]) => apmPaymentResult('DEBIT2VIRTUAL_CALC', 'SUCCESS', p);
      const payment = await prepareDebit(
        req.deps,
        chargeInput(req, accepted, 'DEBIT2VIRTUAL_CALC', 'DEBIT'),
        storedAnswer(key, (p) => answer(p)),
      );
      return { statusCode: 200, body: answer(payment) };
    });
  },
};
