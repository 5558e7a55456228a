/**
 * Checkout follow-ups (capture, refund, void): authenticate, then the follow-up with its claim on the payment
 * (payment/follow-up-action.ts), concurrent identical requests kept to one effect. The Checkout hashes need nothing
 * from the payment, so the reservation is the first DynamoDB call (payment/follow-up.ts): two round trips.
 */
import type { Deps } from '../deps.js';
import { idHash, paymentAmountHash } from '../../protocol/checkout/hashes.js';
import { bodyFields, JsonFields, optional, required, type BodyField } from '../../protocol/checkout/operation-request.js';
import { requestKey, runFollowUpAction, type FollowUpAction, type FollowUpDeps } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, ownedCheckoutPayment } from './lookup.js';

export interface CheckoutFollowUp<T> extends FollowUpAction<T> {
  /** The endpoint's idempotency scope (capture, void, refund). */
  scope: string;
}

export type CheckoutFollowUpDeps = FollowUpDeps & Pick<Deps, 'merchants'>;

/** A follow-up's body, in the order it is validated; amount only where the endpoint takes one (capture, refund). */
const FOLLOW_UP_FIELDS = bodyFields({ payment_id: required(), amount: optional(), hash: required() });

/**
 * The operation of one Checkout follow-up endpoint: the raw JSON body and the caller's IP in, the answer out; its
 * `fields` are the body it reads (the API reference describes them).
 */
export function checkoutFollowUp<T>(
  spec: CheckoutFollowUp<T>,
): ((d: CheckoutFollowUpDeps, rawBody: string, callerIp: string | undefined) => Promise<T>) & { fields: BodyField[] } {
  const { payment_id, amount, hash } = FOLLOW_UP_FIELDS;
  const fields = spec.withAmount ? [payment_id, amount, hash] : [payment_id, hash];
  return Object.assign(
    async (d: CheckoutFollowUpDeps, rawBody: string, callerIp: string | undefined) => {
      const f = JsonFields.parse(rawBody);
      const paymentId = f.read(payment_id);
      const amountText = spec.withAmount ? f.read(amount) : undefined;
      f.read(hash);
      f.throwIfInvalid();
      const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
      checkHash(spec.withAmount ? paymentAmountHash(merchant, paymentId, amountText) : idHash(merchant, paymentId), f.body.hash);
      return runFollowUpAction(d, spec, {
        key: requestKey(merchant.clientKey, `checkout-${spec.scope}`, rawBody),
        rawBody,
        transId: paymentId,
        clientKey: merchant.clientKey,
        protocol: 'checkout',
        amountText,
        verify: (found) => ownedCheckoutPayment(merchant, found),
        callbacks: checkoutCallbacks(d, merchant),
      });
    },
    { fields },
  );
}
