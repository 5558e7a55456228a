/** The Checkout callback's fields as a zod object, for the API reference's webhooks and tests (callback.ts builds them). */
import { z } from 'zod';
import { THREE_DS_ATTRIBUTES } from '../payment-attributes.js';
import { callbackFields, nested, optionalFields, optionalText, text } from '../answer-schema.js';
import { SCHEDULE_ECHO } from '../schedules/answers.js';
import { BROWSER_FIELDS } from '../s2s-card/browser.js';

/**
 * Every field checkoutCallbackFields may send (OpenAPI webhooks are generated from it; a test checks real callbacks).
 * payee_<key> fields come from the session's free-form `payee` object, so any payee_* text may appear.
 */
export const CHECKOUT_CALLBACK = callbackFields(
  'CheckoutCallbackFields',
  "Checkout and hosted-fields callback fields; payee_<key> from the session's payee object.",
  {
    id: text,
    order_number: text,
    order_amount: text,
    order_currency: text,
    order_description: text,
    order_status: text,
    type: z.enum(['sale', '3ds', 'redirect', 'capture', 'refund', 'void', 'recurring', 'debit', 'credit', 'transfer', 'chargeback']),
    status: z.enum(['success', 'fail', 'waiting', 'undefined']),
    reason: optionalText,
    card: optionalText,
    card_expiration_date: optionalText,
    card_token: optionalText,
    customer_name: optionalText,
    customer_email: optionalText,
    customer_country: optionalText,
    customer_state: optionalText,
    customer_city: optionalText,
    customer_address: optionalText,
    customer_ip: optionalText,
    date: text,
    recurring_init_trans_id: optionalText,
    recurring_token: optionalText,
    ...SCHEDULE_ECHO,
    rrn: optionalText,
    arn: optionalText,
    creditvoid_id: optionalText,
    moto_type: optionalText,
    brand: optionalText,
    checkout_payment_method: optionalText,
    payee_first_name: optionalText,
    payee_last_name: optionalText,
    payee_card: optionalText,
    custom_data: nested,
    ...optionalFields([...THREE_DS_ATTRIBUTES, ...BROWSER_FIELDS, 'initiator', 'source', 'sequence']),
    extended_data: nested,
    amount: optionalText,
    currency: optionalText,
    chargeback_amount: optionalText,
    chargeback_date: optionalText,
    bank_date: optionalText,
    reason_code: optionalText,
  },
  { otherText: true },
);
