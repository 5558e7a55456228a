/** POST /api/v1/payment/void: a SETTLED payment on the day it settled. Answer per protocol.md §5.2's example. */
import type { Deps } from '../deps.js';
import { voidBody } from '../../protocol/checkout/responses.js';
import { voidPayment } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export function voidCheckout(d: Deps, rawBody: string, callerIp: string | undefined): Promise<unknown> {
  return checkoutFollowUp(d, rawBody, callerIp, { scope: 'void', withAmount: false, event: 'VOID', core: voidPayment }, ({ payment, event }) =>
    voidBody(payment, event.result === 'SUCCESS', event.declineReason),
  );
}
