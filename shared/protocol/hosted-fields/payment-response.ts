/**
 * The hosted-fields payment response: result success | decline | redirect | waiting | undefined, with redirect_url
 * (a GET: this platform sends no redirect_params), decline_message and public_id (the payment's public id, the
 * Checkout callback's `id`). An authorization (auth=true, PENDING) is a success, as in Checkout.
 */
import type { Payment } from '../../domain/payment.js';
import { formatAmount } from '../../domain/money.js';
import type { Answer } from '../answer-schema.js';
import type { HostedFieldsPaymentAnswer } from './payment-answer.js';

export type PaymentResult = 'success' | 'decline' | 'redirect' | 'waiting' | 'undefined';

export type PaymentResponse = Answer<typeof HostedFieldsPaymentAnswer>;

export function resultOf(p: Payment): PaymentResult {
  switch (p.status) {
    case 'SETTLED':
    case 'PENDING':
    // Later operations (refund, reversal, void, chargeback) do not change how the payment itself ended.
    case 'REFUND':
    case 'REVERSAL':
    case 'VOID':
    case 'CHARGEBACK':
      return 'success';
    case 'DECLINED':
      return 'decline';
    case '3DS':
    case 'REDIRECT':
      return 'redirect';
    // The acquirer has not answered yet: the final result comes by callback.
    case 'PREPARE':
      return 'waiting';
    default:
      return 'undefined';
  }
}

export function paymentResponse(p: Payment, publicId: string, redirectUrl: string | undefined): PaymentResponse {
  const result = resultOf(p);
  return {
    result,
    ...(result === 'redirect' && redirectUrl ? { redirect_url: redirectUrl } : {}),
    ...(result === 'decline' ? { decline_message: p.declineReason ?? 'Declined.' } : {}),
    public_id: publicId,
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
  };
}

/** A payment that could not be started at all (nothing was created): the protocol's undefined. */
export function undefinedResponse(publicId: string): PaymentResponse {
  return { result: 'undefined', public_id: publicId };
}
