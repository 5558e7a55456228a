/**
 * The trans id of a new payment. A payment-creating request with an idempotency claim gets the id its key derives
 * (the store makes the payment its own claim: one conditional write reserves it); any other a fresh one.
 */
import type { AttemptHooks } from './attempt.js';
import type { CoreDeps } from './types.js';

export async function newTransId(d: Pick<CoreDeps, 'payments' | 'newId'>, idempotency: AttemptHooks['idempotency']): Promise<string> {
  const derived = idempotency?.claimTtlSeconds ? await d.payments.transIdFor(idempotency.key) : undefined;
  return derived ?? d.newId();
}
