/**
 * What one table change means for the dashboard's counters: a payment's outcome (approved, declined, undetermined,
 * other) in the hour it was created, -1 for what it was and +1 for what it is; a callback's new delivery attempts
 * (delivered / failed) in the hour each was made. Everything else counts nothing. The outcomes are the ones the
 * dashboard always showed: waiting for the acquirer (or not yet sent) first, then the approved statuses, DECLINED,
 * and the rest (waiting for the payer: 3DS, REDIRECT).
 */
import type { DeliveryAttempt } from '../../domain/callback.js';
import type { Payment } from '../../domain/payment.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import type { CounterName, Counts, TableChange } from '../../ports/console-counters.js';

const APPROVED = new Set(['SETTLED', 'PENDING', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK']);

export interface Delta {
  clientKey: string;
  /** UTC hour, "YYYY-MM-DDTHH". */
  hour: string;
  counts: Partial<Counts>;
}

/** Every attribute deltasOf reads from an image: the stream consumer decodes these alone. */
export const COUNTED_ATTRIBUTES = ['kind', 'clientKey', 'createdAt', 'status', 'history', 'deliveries'] as const;

export const hourOf = (iso: string) => iso.slice(0, 13);

export function outcomeOf(p: Pick<Payment, 'status' | 'history'>): CounterName {
  if (p.status === 'PREPARE' || awaitingAcquirer(p as Payment).length) return 'undetermined';
  if (APPROVED.has(p.status)) return 'approved';
  if (p.status === 'DECLINED') return 'declined';
  return 'other';
}

export function deltasOf(change: TableChange): Delta[] {
  // A removal (TTL, a test's clean-up) is not an outcome: what happened stays counted.
  if (change.eventName === 'REMOVE' || !change.new) return [];
  if (change.new.kind === 'payment') return paymentDelta(change.old as Payment | undefined, change.new as unknown as Payment);
  if (change.new.kind === 'callback') return deliveryDeltas(change.old, change.new);
  return [];
}

function paymentDelta(old: Payment | undefined, now: Payment): Delta[] {
  if (!now.clientKey || !now.createdAt || !Array.isArray(now.history)) return [];
  const was = old?.history ? outcomeOf(old) : undefined;
  const is = outcomeOf(now);
  if (was === is) return [];
  return [{ clientKey: now.clientKey, hour: hourOf(now.createdAt), counts: { [is]: 1, ...(was ? { [was]: -1 } : {}) } }];
}

type Entry = Pick<DeliveryAttempt, 'attempt' | 'at' | 'outcome'>;

function deliveryDeltas(old: Record<string, unknown> | undefined, now: Record<string, unknown>): Delta[] {
  const clientKey = now.clientKey as string | undefined;
  const after = (now.deliveries as Entry[] | undefined) ?? [];
  if (!clientKey || !after.length) return [];
  // The write that records an attempt appends it to the callback's log: the new ones are those past the old log.
  const seen = Math.max(0, ...((old?.deliveries as Entry[] | undefined) ?? []).map((e) => e.attempt));
  return after
    .filter((e) => e.attempt > seen && typeof e.at === 'string')
    .map((e) => ({ clientKey, hour: hourOf(e.at), counts: { [e.outcome === 'DELIVERED' ? 'delivered' : 'failed']: 1 } }));
}
