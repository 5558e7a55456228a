/**
 * The tail every protocol's follow-up (CAPTURE, VOID, CREDITVOID; Checkout's capture, void, refund) shares once its
 * protocol has read and authenticated the request: the claim kept on the payment (follow-up-claim.ts), the
 * reservation or the read (follow-up.ts), the payment core with the amount in the payment's currency, the answer.
 * A follow-up action is then its event, its core, whether it takes an amount, and its answer: a few lines.
 */
import { parseAmount, parseCurrency } from '../../../domain/money.js';
import type { Payment } from '../../../domain/payment.js';
import type { FollowUpEvent } from '../../../domain/payment-machine/index.js';
import { runFollowUp } from './follow-up.js';
import type { FollowUpCore, FollowUpDeps } from './follow-up-pipeline.js';
import { runOnce } from './idempotency.js';
import type { CallbackRecorder, CoreResult } from './types.js';

/** What one follow-up action declares; `A` is its protocol's answer. */
export interface FollowUpAction<A> {
  event: FollowUpEvent;
  core: FollowUpCore;
  /** The request may name an amount (CAPTURE, CREDITVOID / refund); without, the core takes the full amount. */
  withAmount: boolean;
  answer(result: CoreResult): A;
}

/** A follow-up request as its protocol read and authenticated it. */
export interface FollowUpRequest {
  /** The idempotency key the request runs under (a claim kept on the payment), and the body it came in. */
  key: string;
  rawBody: string;
  transId: string;
  clientKey: string;
  /** Only a payment of this protocol (S2S CARD names none: its hash check is the payment's). */
  protocol?: Payment['protocol'];
  /** The verifier of the request's hash the payment must keep (S2S CARD only). */
  verifier?: string;
  /** The amount as sent, already checked for its format (undefined: none, or the action takes none). */
  amountText?: string;
  /** The payment found, if it is the merchant's (and the request's hash is right for it); else the protocol's error. */
  verify(found: Payment | undefined): Payment;
  callbacks: CallbackRecorder;
}

export type { FollowUpDeps };

export async function runFollowUpAction<A>(d: FollowUpDeps, action: FollowUpAction<A>, r: FollowUpRequest): Promise<A> {
  const amountText = action.withAmount ? r.amountText : undefined;
  const res = await runOnce(
    d.payments,
    r.key,
    false,
    async (_key, followUp) => {
      const hooks = { callbacks: r.callbacks, followUp };
      const result = await runFollowUp(
        d,
        {
          transId: r.transId,
          clientKey: r.clientKey,
          protocol: r.protocol,
          verifier: r.verifier,
          event: action.event,
          amountText,
          verify: r.verify,
          onRead: (payment) => action.core(d, { payment, amount: amountIn(amountText, payment) }, hooks),
        },
        hooks,
      );
      return { statusCode: 200, body: { value: action.answer(result) } };
    },
    r.rawBody,
    { onPayment: true },
  );
  return (res.body as { value: A }).value;
}

/** The amount as sent, in minor units of the payment's currency (undefined: the full amount). */
function amountIn(text: string | undefined, p: Payment): number | undefined {
  return text === undefined ? undefined : parseAmount(text, parseCurrency(p.currency), 'amount').minor;
}
