/**
 * The ledger's stream consumer: each payment change's new movements (those of the payment after the change that the
 * payment before it did not have) become journals, each with its fee, computed here, once: a journal's id is derived
 * from the movement, so a retried batch, a replayed record or a record seen after a later one writes each journal
 * once (Ledger.append), and a fee schedule changed since does not change a fee already journaled.
 */
import { movementsOf, type Movement } from '../../domain/ledger/movements.js';
import { journalOf } from '../../domain/ledger/postings.js';
import { DEFAULT_FEES, feeFor, type FeeSchedule } from '../../domain/ledger/fees.js';
import type { Journal } from '../../domain/ledger/journal.js';
import type { Payment } from '../../domain/payment.js';
import type { FeeSchedules, Ledger, PaymentChange } from '../../ports/ledger.js';
import { systemClock, type Clock } from '../../ports/clock.js';

/** The movements a change added. */
export function newMovements(change: PaymentChange): Movement[] {
  const before = new Set(change.old ? movementsOf(change.old).map((m) => `${m.entryId}#${m.kind}`) : []);
  return movementsOf(change.new).filter((m) => !before.has(`${m.entryId}#${m.kind}`));
}

/** The card brand or APM brand a fee rule's `method` matches. */
export const methodOf = (p: Payment) => p.card?.brand?.toLowerCase() ?? p.details.brand?.toLowerCase();

/** A movement's journal with its fee by the schedules (the merchant's, then the default). */
export function journalWithFee(p: Payment, m: Movement, schedules: readonly (FeeSchedule | undefined)[]): Journal {
  // A reversed chargeback charges no fee: the chargeback's fee stays charged (no rule names a reversal).
  if (m.kind === 'chargeback_reversal') return journalOf(p, m, 0);
  return journalOf(p, m, feeFor(schedules, { kind: m.kind, amount: m.amount, currency: p.currency, method: methodOf(p) }));
}

/**
 * `clock` stamps each journal's `journaledAt` with its merchant's time (its test clock on a sandbox, read afresh once
 * per merchant and batch): the day whose settlement batch takes it.
 */
export async function journalChanges(
  ledger: Ledger,
  fees: FeeSchedules,
  changes: readonly PaymentChange[],
  clock: Clock = systemClock,
): Promise<{ journals: number; written: number }> {
  // Schedules are read once per batch, and only for a batch that moved money.
  const read = new Map<string, Promise<FeeSchedule | undefined>>();
  const schedule = (scope: string) => read.get(scope) ?? read.set(scope, fees.get(scope)).get(scope)!;
  const clocks = new Map<string, Promise<Clock>>();
  const clockOf = (key: string) =>
    clocks.get(key) ?? clocks.set(key, clock.forMerchant?.(key, { force: true }) ?? Promise.resolve(clock)).get(key)!;
  const journals: Journal[] = [];
  for (const change of changes) {
    const moved = newMovements(change);
    if (!moved.length) continue;
    const [schedules, merchantClock] = await Promise.all([
      Promise.all([schedule(change.new.clientKey), schedule(DEFAULT_FEES)]),
      clockOf(change.new.clientKey),
    ]);
    const journaledAt = merchantClock.now().toISOString();
    for (const m of moved) journals.push({ ...journalWithFee(change.new, m, schedules), journaledAt });
  }
  const { written } = await ledger.append(journals);
  return { journals: journals.length, written };
}
