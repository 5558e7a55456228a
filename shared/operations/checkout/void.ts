/** POST /api/v1/payment/void: a SETTLED payment on the day it settled. Answer per protocol.md §5.2's example. */
import type { Deps } from '../../deps.js';
import { voidBody } from '../../protocol/checkout/responses.js';
import { voidPayment } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutFollowUp } from './follow-up.js';

export function voidCheckout(d: Deps, rawBody: string, callerIp: string | undefined): Promise<unknown> {
  return checkoutFollowUp(d, rawBody, callerIp, { scope: 'void', withAmount: false }, async ({ merchant, payment, followUp }) => {
    const { payment: after, event } = await voidPayment(d, { payment }, { callbacks: checkoutCallbacks(d, merchant), followUp });
    return voidBody(after, event.result === 'SUCCESS', event.declineReason);
  });
}
