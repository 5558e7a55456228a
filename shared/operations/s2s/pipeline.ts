/**
 * What the pipelines of both S2S protocols (S2S CARD, S2S APM) share: the idempotency claim around an action and
 * the recorder that signs a protocol-neutral PaymentEvent into the protocol's callback fields.
 */
import { recordCallback } from '../../domain/callback-factory.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import type { FormValue } from '../../protocol/form.js';
import {
  followUpKey,
  runOnce,
  type CallbackRecorder,
  type FollowUpClaim,
  type PaymentEvent,
  type StoredResponse,
} from '../payment/index.js';
import type { Deps } from '../deps.js';

/** The parts of an S2S request the claim reads. */
export interface S2sClaimRequest {
  deps: Pick<Deps, 'payments'>;
  config: { merchant: Pick<Merchant, 'clientKey'> };
  form: Record<string, unknown>;
  rawBody: string;
}

/**
 * Runs an action once per identical request (see runOnce; CAPTURE, VOID, CREDITVOID: follow-up-action.ts): a
 * payment-creating action by `bodyKey`, its body's key in the protocol's scope, a follow-up by its target.
 */
export function s2sOnce(
  req: S2sClaimRequest,
  replay: boolean,
  bodyKey: () => string,
  run: (key: string, followUp: FollowUpClaim) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const key = replay ? bodyKey() : followUpKey(req);
  return runOnce(req.deps.payments, key, replay, run, req.rawBody);
}

/** Records the protocol's callbacks; a 3DS / redirect step is not final, so it sends none (protocol.md §7). */
export function s2sCallbackRecorder(
  merchant: Merchant,
  deps: Pick<Deps, 'newId'>,
  fields: (p: Payment, e: PaymentEvent) => Record<string, FormValue>,
): CallbackRecorder {
  return (p, e) => (e.result === 'REDIRECT' ? [] : recordCallback(p, merchant, fields(p, e), deps.newId(), e.date));
}
