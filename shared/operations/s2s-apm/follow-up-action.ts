/**
 * An S2S APM follow-up action (CAPTURE, VOID, CREDITVOID) by trans_id: its fields and the request's hash (the
 * action's formula over trans_id, which needs nothing from the payment) checked first, then the follow-up with its
 * claim on the payment (payment/follow-up-action.ts) on this merchant's S2S APM payments only.
 */
import type { Merchant } from '../../domain/merchant.js';
import type { FollowUpEvent } from '../../domain/payment-machine/index.js';
import { runFollowUpAction, type FollowUpAction, followUpKey } from '../payment/index.js';
import type { S2sApmAction, S2sApmResponse } from './action.js';
import { formSpec } from '../../protocol/form-spec.js';
import { AMOUNT_FIELD, TRANS_ID_REQUEST } from '../../protocol/s2s-apm/request.js';
import { apmRecorder, ownedApmPayment, sentAmount, signedTransId } from './pipeline.js';

export interface S2sApmFollowUp extends FollowUpAction<S2sApmResponse['body']> {
  /** Named as the action it answers. */
  event: FollowUpEvent;
  /** The error for a trans_id that names no S2S APM payment of the merchant's (101000 or 100000, per action). */
  notFound: () => Error;
  /** The hash the request must send for `transId`. */
  hash(merchant: Merchant, transId: string): string;
}

export function s2sApmFollowUp(spec: S2sApmFollowUp): S2sApmAction {
  const fields = formSpec(TRANS_ID_REQUEST, spec.withAmount ? AMOUNT_FIELD : {});
  return {
    action: spec.event,
    fields,
    async run(req) {
      const { merchant } = req.config;
      const transId = signedTransId(req, spec.notFound, (id) => spec.hash(merchant, id), fields);
      const body = await runFollowUpAction(req.deps, spec, {
        key: followUpKey(req),
        rawBody: req.rawBody,
        transId,
        clientKey: merchant.clientKey,
        protocol: 's2s-apm',
        amountText: sentAmount(req),
        verify: (found) => ownedApmPayment(req, found, spec.notFound),
        callbacks: apmRecorder(req),
      });
      return { statusCode: 200, body };
    },
  };
}
