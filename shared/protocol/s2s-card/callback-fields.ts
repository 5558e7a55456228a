/** The S2S CARD callback's fields as a zod object, for the API reference's webhooks and tests (callback.ts builds them). */
import { THREE_DS_ATTRIBUTES } from '../payment-attributes.js';
import { callbackFields, nested, optionalFields, optionalText, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';
import { SCHEDULE_ECHO } from '../schedules/answers.js';
import { BROWSER_FIELDS } from './browser.js';
import { PAYER_FIELDS } from './payer.js';

/** Every field s2sCardCallbackFields may send (OpenAPI webhooks are generated from it; a test checks real callbacks). */
export const S2S_CARD_CALLBACK = callbackFields('S2sCardCallbackFields', 'S2S CARD callback fields.', {
  ...PAYMENT_ANSWER_FIELDS,
  decline_reason: optionalText,
  card: optionalText,
  card_expiration_date: optionalText,
  brand: optionalText,
  RRN: optionalText,
  ARN: optionalText,
  card_token: optionalText,
  recurring_token: optionalText,
  recurring_init_trans_id: optionalText,
  ...SCHEDULE_ECHO,
  custom_data: nested,
  digital_wallet: optionalText,
  pan_type: optionalText,
  ...optionalFields([...THREE_DS_ATTRIBUTES, ...BROWSER_FIELDS, 'initiator', 'source', 'sequence', ...PAYER_FIELDS, 'moto_type']),
  extended_data: nested,
  // Event extras: refunds (creditvoid_*), chargebacks.
  creditvoid_id: optionalText,
  creditvoid_date: optionalText,
  refund_amount: optionalText,
  chargeback_date: optionalText,
  bank_date: optionalText,
  reason_code: optionalText,
});
