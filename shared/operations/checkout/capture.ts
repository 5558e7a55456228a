/** POST /api/v1/payment/capture: settles a held authorization (auth=true), fully or once partially. */
import { acceptedBody } from '../../protocol/checkout/responses.js';
import { capture as captureCore } from '../payment/index.js';
import { checkoutFollowUp } from './follow-up.js';

export const capture = checkoutFollowUp({
  scope: 'capture',
  event: 'CAPTURE',
  core: captureCore,
  withAmount: true,
  answer: (result) => acceptedBody(result.payment),
});
