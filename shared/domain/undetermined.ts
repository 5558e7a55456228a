/**
 * Transactions waiting for the acquirer: history entries still "waiting" that are not the payer's own step (a 3DS
 * or redirect step waits for the payer, not the acquirer). Such an entry is in flight while its request runs, and
 * undetermined once the acquirer failed to answer or the process died mid-call (the protocol's UNDEFINED, "final via
 * callback"). The table indexes every payment that has one (shared/adapters/aws/table-keys.ts undeterminedEntry), in the
 * same conditional write as the state itself, so the reconciler's work list can never disagree with the payments.
 */
import type { Payment, TransactionRecord } from './payment.js';

const PAYER_STEPS: ReadonlyArray<TransactionRecord['type']> = ['3DS', 'REDIRECT'];

export function awaitingAcquirer(p: Payment): TransactionRecord[] {
  return p.history.filter((h) => h.status === 'waiting' && !PAYER_STEPS.includes(h.type)).sort((a, b) => a.date.localeCompare(b.date));
}

/** When the oldest transaction still waiting for the acquirer was sent (ISO), if any. */
export function awaitingAcquirerSince(p: Payment): string | undefined {
  return awaitingAcquirer(p)[0]?.date;
}
