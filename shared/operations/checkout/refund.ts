/** POST /api/v1/payment/refund: full or partial; the core picks REFUND or REVERSAL (type refund in the callback). */
import type { Deps } from '../../deps.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { paymentAmountHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { creditvoid } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

export async function refund(d: Deps, rawBody: string): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.required('payment_id');
  const amountText = f.optional('amount');
  f.required('hash');
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key);
  checkHash(paymentAmountHash(merchant, paymentId, amountText), f.body.hash);
  const payment = await checkoutPayment(d, merchant, paymentId);
  const amount = amountText === undefined ? undefined : parseAmount(amountText, parseCurrency(payment.currency), 'amount').minor;
  const result = await creditvoid(d, { payment, amount }, { callbacks: checkoutCallbacks(d, merchant) });
  return acceptedBody(result.payment);
}
