/**
 * Checkout follow-ups (capture, refund, void): authenticate, then run the payment core with concurrent identical
 * requests kept to one effect (the same claim S2S follow-ups take while they run). The Checkout hashes need nothing
 * from the payment, so the reservation is the first DynamoDB call (payment/follow-up.ts): two round trips.
 */
import type { Deps } from '../deps.js';
import type { FollowUpEvent } from '../../domain/payment-machine/index.js';
import type { Payment } from '../../domain/payment.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { idHash, paymentAmountHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { requestKey, runOnce } from '../payment/idempotency.js';
import { runFollowUp } from '../payment/follow-up.js';
import type { AttemptHooks, CoreDeps, CoreResult } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, ownedCheckoutPayment } from './lookup.js';

/** A payment core (capture, creditvoid, voidPayment) on the payment read, with the amount the request named. */
export type FollowUpCore = (d: CoreDeps, input: { payment: Payment; amount?: number }, hooks: AttemptHooks) => Promise<CoreResult>;

export async function checkoutFollowUp<T>(
  d: Deps,
  rawBody: string,
  callerIp: string | undefined,
  opts: { scope: string; withAmount: boolean; event: FollowUpEvent; core: FollowUpCore },
  answer: (result: CoreResult) => T,
): Promise<T> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.required('payment_id');
  const amountText = opts.withAmount ? f.optional('amount') : undefined;
  f.required('hash');
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(opts.withAmount ? paymentAmountHash(merchant, paymentId, amountText) : idHash(merchant, paymentId), f.body.hash);
  const key = requestKey(merchant.clientKey, `checkout-${opts.scope}`, rawBody);
  const amountOf = (p: Payment) => (amountText === undefined ? undefined : parseAmount(amountText, parseCurrency(p.currency), 'amount').minor);
  // Capture, refund and void keep the claim on the payment (payment/follow-up-claim.ts).
  const res = await runOnce(
    d.payments,
    key,
    false,
    async (_key, followUp) => {
      const hooks = { callbacks: checkoutCallbacks(d, merchant), followUp };
      const result = await runFollowUp(d, {
        transId: paymentId,
        clientKey: merchant.clientKey,
        protocol: 'checkout',
        event: opts.event,
        amountText,
        verify: (found) => ownedCheckoutPayment(merchant, found),
        onRead: (payment) => opts.core(d, { payment, amount: amountOf(payment) }, hooks),
      }, hooks);
      return { statusCode: 200, body: { value: answer(result) } };
    },
    rawBody,
    { onPayment: true },
  );
  return (res.body as { value: T }).value;
}
