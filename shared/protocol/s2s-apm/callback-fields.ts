/** The S2S APM callback's fields as a zod object, for the API reference's webhooks and tests (callback.ts builds them). */
import { callbackFields, nested, optionalFields, optionalText, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';
import { PAYER_FIELDS } from '../s2s-card/payer.js';

/** Every field apmCallbackFields may send (OpenAPI webhooks are generated from it; a test checks real callbacks). */
export const S2S_APM_CALLBACK = callbackFields('S2sApmCallbackFields', 'S2S APM callback fields.', {
  ...PAYMENT_ANSWER_FIELDS,
  commission: optionalText,
  total_amount: optionalText,
  brand: optionalText,
  custom_data: nested,
  ...optionalFields(PAYER_FIELDS),
  extended_data: nested,
  // Event extras: declines, refunds, the crypto deposit address of an INIT.
  decline_reason: optionalText,
  creditvoid_id: optionalText,
  creditvoid_date: optionalText,
  refund_amount: optionalText,
  crypto_address: optionalText,
  crypto_network: optionalText,
  chargeback_date: optionalText,
  bank_date: optionalText,
  reason_code: optionalText,
});
