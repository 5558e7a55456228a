/** POST /api/v1/payment/void: a SETTLED payment on the day it settled. Answer per protocol.md §5.2's example. */
import type { Deps } from '../../deps.js';
import { idHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { voidBody } from '../../protocol/checkout/responses.js';
import { voidPayment } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

export async function voidCheckout(d: Deps, rawBody: string): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.required('payment_id');
  f.required('hash');
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key);
  checkHash(idHash(merchant, paymentId), f.body.hash);
  const payment = await checkoutPayment(d, merchant, paymentId);
  const { payment: after, event } = await voidPayment(d, { payment }, { callbacks: checkoutCallbacks(d, merchant) });
  return voidBody(after, event.result === 'SUCCESS', event.declineReason);
}
