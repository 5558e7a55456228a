/** POST /api/v1/payment/capture: settles a held authorization (auth=true), fully or once partially. */
import type { Deps } from '../deps.js';
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { capture as captureCore } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export function capture(d: Deps, rawBody: string, callerIp: string | undefined): Promise<unknown> {
  return checkoutFollowUp(d, rawBody, callerIp, { scope: 'capture', withAmount: true, event: 'CAPTURE', core: captureCore }, (result) => acceptedBody(result.payment));
}
