/** POST /api/v1/payment/refund: full or partial; the core picks REFUND or REVERSAL (type refund in the callback). */
import type { Deps } from '../deps.js';
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { creditvoid } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export function refund(d: Deps, rawBody: string, callerIp: string | undefined): Promise<unknown> {
  return checkoutFollowUp(d, rawBody, callerIp, { scope: 'refund', withAmount: true, event: 'CREDITVOID', core: creditvoid }, (result) => acceptedBody(result.payment));
}
