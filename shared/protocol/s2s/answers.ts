/** Follow-up answers of both S2S protocols as zod objects, for the API reference and tests; responses.ts builds them. */
import { z } from 'zod';
import { S2S_STATUSES } from './values.js';
import { answer, optionalText, text, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';

export const CaptureAnswer = answer('CaptureAnswer', 'CAPTURE: the captured amount; a declined capture leaves the authorization PENDING.', {
  ...PAYMENT_ANSWER_FIELDS,
  action: z.literal('CAPTURE'),
  decline_reason: optionalText,
});

export const VoidAnswer = answer('VoidAnswer', 'VOID: the payment after the void (VOID, or unchanged when declined).', {
  action: z.literal('VOID'),
  result: text,
  status: z.enum(S2S_STATUSES),
  order_id: text,
  trans_id: text,
  trans_date: text,
  decline_reason: optionalText,
});

export const AcceptedAnswer = answer('AcceptedAnswer', 'CREDITVOID and RETRY answer ACCEPTED at once; the outcome comes by callback.', {
  action: z.enum(['CREDITVOID', 'RETRY']),
  result: z.literal('ACCEPTED'),
  order_id: text,
  trans_id: text,
});
