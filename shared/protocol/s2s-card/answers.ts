/** S2S CARD answers as zod objects, for the API reference (scripts/openapi) and tests; responses.ts builds them. */
import { z } from 'zod';
import { THREE_DS_ATTRIBUTES } from '../payment-attributes.js';
import { BROWSER_FIELDS } from './browser.js';
import { PAYER_FIELDS } from './payer.js';
import { S2S_STATUSES } from '../s2s/values.js';
import { SCHEDULE_ECHO } from '../schedules/answers.js';
import { answer, optionalText, text, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';

const REDIRECT_FIELDS = {
  redirect_url: optionalText,
  redirect_method: z.enum(['POST', 'GET']).optional(),
  redirect_params: z.union([z.record(z.string(), z.string()), z.array(z.object({ name: text, value: text }))]).optional(),
};

export const CardPaymentAnswer = answer(
  'CardPaymentAnswer',
  'SALE, AUTH, DEBIT, CREDIT2CARD, CARD2CARD, RECURRING_SALE/DEBIT: the payment, with the page to send the payer to when result is REDIRECT.',
  {
    ...PAYMENT_ANSWER_FIELDS,
    decline_reason: optionalText,
    recurring_token: optionalText,
    card_token: optionalText,
    ...SCHEDULE_ECHO,
    ...REDIRECT_FIELDS,
  },
);

const STATUS_FIELDS = {
  action: text,
  result: z.literal('SUCCESS'),
  status: z.enum(S2S_STATUSES),
  order_id: text,
  trans_id: text,
  decline_reason: optionalText,
  recurring_token: optionalText,
  ...SCHEDULE_ECHO,
  digital_wallet: optionalText,
  card: optionalText,
  card_expiration_date: optionalText,
  brand: optionalText,
  RRN: optionalText,
  ARN: optionalText,
};
/** The attribute groups each behind a merchant mapping (extraAttributes): 3DS, browser, card-on-file, payer; moto_type. */
const MAPPED_FIELDS = Object.fromEntries(
  [...THREE_DS_ATTRIBUTES, ...BROWSER_FIELDS, 'initiator', 'source', 'sequence', ...PAYER_FIELDS, 'moto_type'].map((k) => [
    k,
    optionalText,
  ]),
) as Record<
  | (typeof THREE_DS_ATTRIBUTES)[number]
  | (typeof BROWSER_FIELDS)[number]
  | (typeof PAYER_FIELDS)[number]
  | 'initiator'
  | 'source'
  | 'sequence'
  | 'moto_type',
  typeof optionalText
>;
const mapped = (description: string) =>
  `${description} The 3DS, browser, card-on-file and payer attributes appear where the merchant's mappings turn them on.`;

export const CardStatusAnswer = answer('CardStatusAnswer', mapped('GET_TRANS_STATUS, GET_TRANS_STATUS_BY_ORDER.'), {
  ...STATUS_FIELDS,
  ...MAPPED_FIELDS,
});

export const CardDetailsAnswer = answer(
  'CardDetailsAnswer',
  mapped('GET_TRANS_DETAILS: the status, the payer, and every transaction of the payment.'),
  {
    ...STATUS_FIELDS,
    name: text,
    mail: text,
    ip: text,
    amount: text,
    currency: text,
    pan_type: optionalText,
    transactions: z.array(
      z.strictObject({ type: text, status: text, date: text, amount: text, id: optionalText, decline_reason: optionalText }),
    ),
    ...MAPPED_FIELDS,
  },
);
