/** The hosted-fields payment answer as a zod object, for the API reference and tests; payment-response.ts builds it. */
import { z } from 'zod';
import { answer, optionalText, text } from '../answer-schema.js';

export const HostedFieldsPaymentAnswer = answer(
  'HostedFieldsPayment',
  'The hosted-fields payment: result, the 3DS page to send the payer to (redirect), the public id of the Checkout callback, and the amount and currency as charged (a session update may have changed them).',
  {
    result: z.enum(['success', 'decline', 'redirect', 'waiting', 'undefined']),
    redirect_url: optionalText,
    redirect_params: z.array(z.object({ name: text, value: text })).optional(),
    decline_message: optionalText,
    public_id: text,
    amount: optionalText,
    currency: optionalText,
  },
);
