/** S2S APM answers as zod objects, for the API reference and tests; responses.ts builds them. */
import { z } from 'zod';
import { S2S_STATUSES } from '../s2s/values.js';
import { answer, optionalText, text, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';

export const ApmPaymentAnswer = answer(
  'ApmPaymentAnswer',
  "SALE, DEBIT2VIRTUAL(_CALC/_COMPLETE), CREDIT2VIRTUAL, CREDIT2CRYPTO: the payment; the provider's page when result is REDIRECT, the deposit address when a crypto payment waits (SUCCESS/PENDING).",
  {
    ...PAYMENT_ANSWER_FIELDS,
    commission: optionalText,
    total_amount: optionalText,
    decline_reason: optionalText,
    crypto_address: optionalText,
    crypto_network: optionalText,
    redirect_url: optionalText,
    redirect_method: z.enum(['GET', 'POST']).optional(),
    redirect_params: z.union([z.record(z.string(), z.string()), z.tuple([])]).optional(),
  },
);

export const ApmStatusAnswer = answer('ApmStatusAnswer', 'GET_TRANS_STATUS of an APM payment.', {
  action: z.literal('GET_TRANS_STATUS'),
  result: z.literal('SUCCESS'),
  status: z.enum(S2S_STATUSES),
  order_id: text,
  trans_id: text,
  decline_reason: optionalText,
  brand: optionalText,
  arn: optionalText,
});
