/** POST /api/v1/payment/retry: charges a soft-declined recurring payment again (payment/retry.ts). */
import type { Deps } from '../deps.js';
import { idHash } from '../../protocol/checkout/hashes.js';
import { bodyFields, JsonFields, required } from '../../protocol/checkout/operation-request.js';
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { requestKey, runOnce, retryCharge } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

/** The body, in the order it is validated. */
export const RETRY_FIELDS = bodyFields({ payment_id: required(), hash: required() });

export async function retry(
  d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'connectors'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.read(RETRY_FIELDS.payment_id);
  f.read(RETRY_FIELDS.hash);
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(idHash(merchant, paymentId), f.body.hash);
  const payment = await checkoutPayment(d, merchant, paymentId);
  // One retry per payment at a time, and an interrupted one is answered, never charged again (payment/recover.ts).
  const key = requestKey(merchant.clientKey, 'checkout-retry', paymentId);
  const res = await runOnce(
    d.payments,
    key,
    false,
    async (_key, followUp) => {
      const { payment: after } = await retryCharge(d, payment, { callbacks: checkoutCallbacks(d, merchant), followUp });
      return { statusCode: 200, body: acceptedBody(after) };
    },
    rawBody,
  );
  return res.body;
}
