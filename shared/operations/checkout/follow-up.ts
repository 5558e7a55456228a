/**
 * Checkout follow-ups (capture, refund, void): authenticate, load the merchant's payment, and run the payment core
 * with concurrent identical requests kept to one effect (the same claim S2S follow-ups take while they run).
 */
import type { Deps } from '../../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { idHash, paymentAmountHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { requestKey, runOnce } from '../payment/idempotency.js';
import type { FollowUpClaim } from '../payment/recover.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash, checkoutPayment } from './lookup.js';

export interface FollowUp {
  merchant: Merchant;
  payment: Payment;
  /** Minor units, when the request named an amount (capture and refund only). */
  amount?: number;
  /** The request's claim, for the payment core (an attempt it reserves is noted on it; see payment/recover.ts). */
  followUp: FollowUpClaim;
}

export async function checkoutFollowUp<T>(
  d: Deps,
  rawBody: string,
  callerIp: string | undefined,
  opts: { scope: string; withAmount: boolean },
  run: (req: FollowUp) => Promise<T>,
): Promise<T> {
  const f = JsonFields.parse(rawBody);
  const paymentId = f.required('payment_id');
  const amountText = opts.withAmount ? f.optional('amount') : undefined;
  f.required('hash');
  f.throwIfInvalid();
  const { merchant } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(opts.withAmount ? paymentAmountHash(merchant, paymentId, amountText) : idHash(merchant, paymentId), f.body.hash);
  const payment = await checkoutPayment(d, merchant, paymentId);
  const amount = amountText === undefined ? undefined : parseAmount(amountText, parseCurrency(payment.currency), 'amount').minor;
  const key = requestKey(merchant.clientKey, `checkout-${opts.scope}`, rawBody);
  // Capture, refund and void keep the claim on the payment (payment/follow-up-claim.ts).
  const res = await runOnce(d.payments, key, false, async (_key, followUp) => ({ statusCode: 200, body: { value: await run({ merchant, payment, amount, followUp }) } }), rawBody, { onPayment: true });
  return (res.body as { value: T }).value;
}
