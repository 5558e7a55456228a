/** Checkout answers as zod objects, for the API reference and tests; responses.ts builds them. */
import { z } from 'zod';
import { CHECKOUT_ORDER_STATUSES } from './order-status.js';
import { SCHEDULE_ECHO } from '../schedules/answers.js';
import { answer, optionalText, text } from '../answer-schema.js';

export const CheckoutOrder = z.strictObject({ number: text, amount: text, currency: text, description: text });

export const PaymentStatusAnswer = answer(
  'CheckoutPaymentStatus',
  'payment/status: the payment (an array of the latest attempts with `size`); status lowercase. initiator, source and sequence appear where the card-on-file mapping is on.',
  {
    payment_id: text,
    date: text,
    status: z.enum(CHECKOUT_ORDER_STATUSES),
    reason: optionalText,
    recurring_token: optionalText,
    ...SCHEDULE_ECHO,
    card_token: optionalText,
    order: CheckoutOrder,
    customer: z.strictObject({ name: text, email: text }),
    card: optionalText,
    card_expiration_date: optionalText,
    brand: optionalText,
    rrn: optionalText,
    arn: optionalText,
    initiator: optionalText,
    source: optionalText,
    sequence: optionalText,
    moto_type: optionalText,
  },
);

export const AcceptedBody = answer('CheckoutAccepted', 'refund, capture, retry: accepted; the outcome comes by callback.', {
  payment_id: text,
  result: z.literal('accepted'),
});

export const VoidBody = answer('CheckoutVoid', 'payment/void: SUCCESS with payment_status void, or FAIL with the payment unchanged.', {
  status: z.enum(['SUCCESS', 'FAIL']),
  payment_status: z.enum(CHECKOUT_ORDER_STATUSES),
  payment_id: text,
  date: text,
  reason: optionalText,
  order: CheckoutOrder,
});

export const RecurringBody = answer('CheckoutRecurring', "payment/recurring: the new payment; order.currency is the initial payment's.", {
  status: z.enum(CHECKOUT_ORDER_STATUSES),
  reason: optionalText,
  payment_id: text,
  date: text,
  schedule_id: optionalText,
  order: CheckoutOrder,
});

export const SessionAnswer = answer('CheckoutSession', 'session (and payment/card/credit): the hosted page to send the payer to.', {
  redirect_url: text,
});
