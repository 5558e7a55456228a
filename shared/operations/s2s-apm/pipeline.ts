/**
 * What every S2S APM action shares: the idempotency claim around its work, the callback recorder that turns a
 * protocol-neutral PaymentEvent into signed APM callback fields, the follow-up lookup by trans_id with its hash,
 * and the redirect answer.
 */
import { onPayerStep } from '../../domain/payment-machine/index.js';
import { InvalidHashError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { FieldReader, PATTERNS } from '../../protocol/fields.js';
import { hashMatches } from '../../protocol/signature.js';
import { apmCallbackFields, type ApmCallbackEvent } from '../../protocol/s2s-apm/callback.js';
import { AMOUNT_FIELD, TRANS_ID_REQUEST } from '../../protocol/s2s-apm/request.js';
import { readFields, readForm, type FormSpec } from '../../protocol/form-spec.js';
import type { ApmRedirect } from '../../protocol/s2s-apm/responses.js';
import { type CallbackRecorder, type PaymentEvent, requestKey, storedAnswer, type FollowUpClaim } from '../payment/index.js';
import { s2sWireEvent } from '../../protocol/s2s/events.js';
import type { S2sApmRequest, S2sApmResponse } from './action.js';
import { methodPageUrl } from './redirect-step.js';
import { s2sCallbackRecorder, s2sOnce } from '../s2s/pipeline.js';

export function idempotencyKey(clientKey: string, rawBody: string): string {
  // "apm" keeps an identical body sent to /post apart from one sent to /post-va.
  return requestKey(clientKey, 'apm', rawBody);
}

/** Runs an action once per identical request (see runOnce; CAPTURE, VOID, CREDITVOID: follow-up-action.ts). */
export function once(
  req: S2sApmRequest,
  replay: boolean,
  run: (key: string, followUp: FollowUpClaim) => Promise<S2sApmResponse>,
): Promise<S2sApmResponse> {
  return s2sOnce(req, replay, () => idempotencyKey(req.config.merchant.clientKey, req.rawBody), run);
}

export { storedAnswer };

/** APM words for a protocol-neutral event. */
export function apmWireEvent(p: Payment, e: PaymentEvent): ApmCallbackEvent {
  return s2sWireEvent(p, e, { refundAmount: false });
}

/** Records S2S APM callbacks; the redirect step itself is not final and sends none (protocol.md §7). */
export function apmRecorder(req: Pick<S2sApmRequest, 'config'> & { deps: Pick<S2sApmRequest['deps'], 'newId'> }): CallbackRecorder {
  const { merchant } = req.config;
  return s2sCallbackRecorder(merchant, req.deps, (p, e) => apmCallbackFields(p, merchant, apmWireEvent(p, e), e.date));
}

/** The payer's page of a REDIRECT answer: a GET with the one-time token in the address. */
export function apmRedirect(req: S2sApmRequest, p: Payment, token: string | undefined): ApmRedirect | undefined {
  if (!onPayerStep(p.status) || !token) return undefined;
  return {
    redirect_url: methodPageUrl(req.deps.config.PUBLIC_BASE_URL, p.transId, token),
    redirect_method: 'GET',
    redirect_params: [],
  };
}

/**
 * The S2S APM payment a trans_id names, if this merchant made it through S2S APM, after the request hash (the
 * action's formula over trans_id) matched. `notFound` gives the action's own error.
 */
export async function loadApmPayment(
  req: S2sApmRequest,
  notFound: () => Error,
  expectedHash: (transId: string) => string,
): Promise<Payment> {
  const transId = signedTransId(req, notFound, expectedHash);
  return ownedApmPayment(req, await req.deps.payments.get(transId), notFound);
}

/** The request's trans_id, its fields and hash checked. */
export function signedTransId(
  req: S2sApmRequest,
  notFound: () => Error,
  expectedHash: (transId: string) => string,
  spec: typeof TRANS_ID_REQUEST & FormSpec = TRANS_ID_REQUEST,
): string {
  const f = new FieldReader(req.form);
  const { trans_id: transId } = readFields(f, spec);
  f.throwIfInvalid();
  // The APM formulas need nothing from the payment, so the hash is checked first: trans_ids cannot be probed.
  if (!hashMatches(expectedHash(transId), req.form.hash)) throw new InvalidHashError();
  if (!PATTERNS.uuid.test(transId)) throw notFound();
  return transId;
}

/** The payment found, if it is this merchant's S2S APM payment. */
export function ownedApmPayment(req: S2sApmRequest, payment: Payment | undefined, notFound: () => Error): Payment {
  if (!payment || payment.clientKey !== req.config.merchant.clientKey || payment.protocol !== 's2s-apm') throw notFound();
  return payment;
}

/** CAPTURE / CREDITVOID `amount` as sent (checked by signedTransId with AMOUNT_FIELD), parsed once the currency is known. */
export function sentAmount(req: S2sApmRequest): string | undefined {
  return readForm(req.form, AMOUNT_FIELD).values.amount;
}
