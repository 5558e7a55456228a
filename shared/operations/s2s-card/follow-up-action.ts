/**
 * An S2S CARD follow-up action (CAPTURE, VOID, CREDITVOID) by trans_id: its fields checked first (the amount with
 * them when it takes one), then the follow-up with its claim on the payment (payment/follow-up-action.ts), the
 * request's hash checked against the payment (Formula 2, 6 for a payout) in the reservation's condition or on the read.
 */
import type { FollowUpEvent } from '../../domain/payment-machine/index.js';
import { runFollowUpAction, type FollowUpAction, followUpKey } from '../payment/index.js';
import type { S2sCardAction, S2sCardResponse } from './action.js';
import { formSpec } from '../../protocol/form-spec.js';
import { AMOUNT_FIELD, TRANS_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { ownedPayment, readTransId, requestVerifier, sentAmount } from './lookup.js';
import { s2sRecorder } from './pipeline.js';

export interface S2sCardFollowUp extends FollowUpAction<S2sCardResponse['body']> {
  /** Named as the action it answers. */
  event: FollowUpEvent;
  /** The error for a trans_id that names no payment of the merchant's (101000 or 100000, per action). */
  notFound: () => Error;
}

export function s2sCardFollowUp(spec: S2sCardFollowUp): S2sCardAction {
  const fields = formSpec(TRANS_ID_REQUEST, spec.withAmount ? AMOUNT_FIELD : {});
  return {
    action: spec.event,
    fields,
    async run(req) {
      const transId = readTransId(req, spec.notFound, fields);
      const body = await runFollowUpAction(req.deps, spec, {
        key: followUpKey(req),
        rawBody: req.rawBody,
        transId,
        clientKey: req.config.merchant.clientKey,
        verifier: requestVerifier(req),
        amountText: sentAmount(req),
        verify: (found) => ownedPayment(req, found, spec.notFound),
        callbacks: s2sRecorder(req),
      });
      return { statusCode: 200, body };
    },
  };
}
