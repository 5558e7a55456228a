/**
 * The ledger's stream consumer: each payment change's new movements (those of the payment after the change that the
 * payment before it did not have) become journals, with their fees. A journal's id is derived from the movement, so
 * a retried batch, a replayed record or a record seen after a later one writes each journal once (Ledger.append).
 */
import { movementsOf } from '../../domain/ledger/movements.js';
import { journalOf } from '../../domain/ledger/postings.js';
import type { Journal } from '../../domain/ledger/journal.js';
import type { Ledger, PaymentChange } from '../../ports/ledger.js';

export function newJournals(change: PaymentChange): Journal[] {
  const before = new Set(change.old ? movementsOf(change.old).map((m) => `${m.entryId}#${m.kind}`) : []);
  return movementsOf(change.new)
    .filter((m) => !before.has(`${m.entryId}#${m.kind}`))
    .map((m) => journalOf(change.new, m));
}

export async function journalChanges(ledger: Ledger, changes: readonly PaymentChange[]): Promise<{ journals: number; written: number }> {
  const journals = changes.flatMap(newJournals);
  const { written } = await ledger.append(journals);
  return { journals: journals.length, written };
}
