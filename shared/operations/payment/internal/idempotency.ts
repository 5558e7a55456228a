/**
 * One request, one effect, for every protocol. A key is the hash of the merchant, the endpoint's scope and the raw
 * body. Payment-creating actions (`replay`) claim the key in the same write that reserves the payment
 * (charge/apmCharge via the IdempotencyHook) and a repeated request gets the first answer; follow-ups (where two
 * identical partial refunds one after the other are legitimate) claim it only while they run.
 */
import { createHash } from 'node:crypto';
import { ConflictError } from '../../../domain/errors.js';
import { IdempotencyClaimedError, type PaymentStore } from '../../../ports/payment-store.js';
import type { Payment } from '../../../domain/payment.js';
import type { IdempotencyHook, PaymentEvent } from './types.js';
import type { FollowUpClaim } from './recover.js';
import { bodyHashOf } from './follow-up-claim.js';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export function requestKey(clientKey: string, scope: string, rawBody: string): string {
  return createHash('sha256').update(clientKey).update('\n').update(scope).update('\n').update(rawBody).digest('hex');
}

/**
 * Follow-ups hold one claim per action and target (trans_id, schedule_id ...) while they run, whatever the body says,
 * so two requests that differ only in spelling (a hash in upper case, an amount) cannot both act at once.
 */
export function followUpKey(req: { config: { merchant: { clientKey: string } }; form: Record<string, unknown>; rawBody: string }): string {
  const { action, trans_id: transId, schedule_id: scheduleId } = req.form;
  const target = typeof transId === 'string' ? transId : typeof scheduleId === 'string' ? scheduleId : undefined;
  return target
    ? requestKey(req.config.merchant.clientKey, `follow-up:${String(action)}`, target)
    : requestKey(req.config.merchant.clientKey, 'follow-up', req.rawBody);
}

export interface StoredResponse {
  statusCode: number;
  body: Record<string, unknown>;
}

/**
 * Runs `run` once per key. `replay` (payment-creating actions): the core claims the key with its reservation and a
 * duplicate gets the stored answer, 409 while the first still runs, or the first one's payment once it was abandoned
 * (recover.ts). Follow-ups claim here, for as long as they run; an attempt they reserve is noted on the claim, so a
 * claim abandoned after that is answered with that attempt (FollowUpClaim.resume), never with a second one.
 * `onPayment`: a follow-up whose core keeps the claim on the payment with its reservation (follow-up-claim.ts).
 */
export async function runOnce<R extends StoredResponse>(
  payments: PaymentStore,
  key: string,
  replay: boolean,
  run: (key: string, followUp: FollowUpClaim) => Promise<R>,
  rawBody?: string,
  opts: { onPayment?: boolean } = {},
): Promise<R | StoredResponse> {
  if (!replay && opts.onPayment) return run(key, { key, onPayment: { bodyHash: rawBody === undefined ? undefined : bodyHashOf(rawBody) } });
  if (replay) {
    try {
      return await run(key, { key });
    } catch (err) {
      if (!(err instanceof IdempotencyClaimedError)) throw err;
      if (err.claim.state === 'completed') return { statusCode: err.claim.result.statusCode, body: JSON.parse(err.claim.result.body) };
      throw ConflictError.sameRequest();
    }
  }
  const bodyHash = rawBody === undefined ? undefined : createHash('sha256').update(rawBody).digest('hex');
  const claim = await payments.claim(key, IDEMPOTENCY_TTL_SECONDS, bodyHash);
  if (claim.state === 'completed') return { statusCode: claim.result.statusCode, body: JSON.parse(claim.result.body) };
  if (claim.state === 'in-progress') {
    if (!claim.stale || !claim.reserved) throw ConflictError.sameRequest();
    const answer = await run(key, { key, resume: claim.reserved });
    // Another request on the same payment: the interrupted one is settled (or asked about) first; this one may retry.
    if (claim.bodyHash && bodyHash && claim.bodyHash !== bodyHash) throw ConflictError.interrupted();
    return answer;
  }
  let finished = false;
  try {
    const answer = await run(key, { key });
    finished = true;
    return answer;
  } finally {
    // A request that failed after reserving its attempt keeps the claim: its duplicate answers that attempt.
    await payments.release(key, { onlyIfUnreserved: !finished }).catch(() => undefined);
  }
}

/** The idempotent answer of a payment-creating action: claimed with the reservation, stored with the outcome. */
export function storedAnswer(key: string, body: (p: Payment, e: PaymentEvent) => Record<string, unknown>): IdempotencyHook {
  return { key, claimTtlSeconds: IDEMPOTENCY_TTL_SECONDS, result: (p, e) => ({ statusCode: 200, body: JSON.stringify(body(p, e)) }) };
}
