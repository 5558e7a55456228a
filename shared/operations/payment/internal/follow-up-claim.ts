/**
 * A follow-up on a payment (CAPTURE, VOID, CREDITVOID) keeps its idempotency claim on the payment item, inside the
 * conditional write that reserves its attempt: no claim item to put before and delete after (two round trips and
 * their write units). The payment's version check makes the reservation and the claim one decision: of concurrent
 * duplicates one reserves, the others find its claim and answer "in progress". The write that records the outcome
 * drops the claim; one that is never dropped (its request died) is answered, once its lock ran out, with the very
 * attempt it reserved (recover.ts), never with a second one.
 */
import { createHash } from 'node:crypto';
import { ConflictError } from '../../../domain/errors.js';
import type { AttemptClaim, Payment } from '../../../domain/payment.js';
import type { Deps } from '../../deps.js';
import type { TransactionItems } from '../../../ports/transaction-items.js';

/** 128 bits of a sha256 hex digest: enough to tell requests apart, half the bytes on the item. */
export function shortHash(hex: string): string {
  return hex.slice(0, 32);
}

export function bodyHashOf(rawBody: string): string {
  return shortHash(createHash('sha256').update(rawBody).digest('hex'));
}

/** The claim under `key` whose attempt still waits (a claim of a settled attempt is spent). */
export function heldClaim(p: Payment, key: string): AttemptClaim | undefined {
  const k = shortHash(key);
  return p.claims?.find((c) => c.key === k && p.history.some((h) => h.id === c.attemptId && h.status === 'waiting'));
}

export function addClaim(p: Payment, claim: { key: string; attemptId: string; bodyHash?: string }, lockExpiresAt: number): void {
  const entry: AttemptClaim = {
    key: shortHash(claim.key),
    attemptId: claim.attemptId,
    lockExpiresAt,
    ...(claim.bodyHash ? { bodyHash: claim.bodyHash } : {}),
  };
  p.claims = [...(p.claims ?? []), entry];
}

export function dropClaim(p: Payment, attemptId: string): void {
  if (!p.claims) return;
  const rest = p.claims.filter((c) => c.attemptId !== attemptId);
  if (rest.length) p.claims = rest;
  else delete p.claims;
}

/**
 * Writes the reservation that carries the claim. Losing the version check to a duplicate that reserved first is
 * "in progress" (one more read on that path only); losing it to another change is the usual conflict.
 */
export async function reserveWithClaim(
  d: Pick<Deps, 'payments'>,
  reserved: Payment,
  key: string,
  alongside?: TransactionItems,
): Promise<void> {
  try {
    await d.payments.update(reserved, [], undefined, { alongside });
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    const fresh = await d.payments.get(reserved.transId);
    if (fresh && heldClaim(fresh, key)) throw ConflictError.sameRequest();
    throw err;
  }
}

/** After a request that reserved its attempt answered without recording an outcome: the claim has done its job. */
export async function releaseClaim(d: Pick<Deps, 'payments'>, reserved: Payment, attemptId: string): Promise<void> {
  const next = structuredClone(reserved);
  next.version = reserved.version + 1;
  dropClaim(next, attemptId);
  // Best effort: a claim left behind only makes a duplicate ask the acquirer once its lock ran out.
  await d.payments.update(next, []).catch(() => undefined);
}
