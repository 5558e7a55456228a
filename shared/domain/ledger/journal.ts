/**
 * A journal: one movement of money, as balanced lines (debits equal credits, in one currency, integer minor units).
 * Journals are append-only: a correction is a new journal, never an edit. Each is named by the payment, the history
 * entry (the transaction) that moved the money and its kind, so the same movement always gets the same id. A
 * movement's fee is in its journal (lines to fee revenue), decided once with it.
 */
export type JournalKind = MovementKind | ReserveKind;
/** What a payment's transaction moves (movements.ts). */
export type MovementKind = 'capture' | 'refund' | 'void' | 'payout' | 'chargeback' | 'chargeback_reversal';
/** What a settlement batch moves between the merchant's payable and its reserve (reserve-journals.ts). */
export type ReserveKind = 'reserve_held' | 'reserve_released';

export interface JournalLine {
  account: string;
  side: 'debit' | 'credit';
  /** Minor units, > 0. */
  amount: number;
}

export interface Journal {
  /** `<trans_id>/<entry id>/<kind>`: derived from the change, never random (a replay writes the same id). */
  id: string;
  transId: string;
  /** The payment's history entry (transaction) whose success moved the money. */
  entryId: string;
  /** The payment's transaction type of that entry (SALE, CAPTURE, REFUND, CHARGEBACK …). */
  event: string;
  kind: JournalKind;
  clientKey: string;
  midId: string;
  currency: string;
  /** When the money moved: the entry's date (ISO). */
  at: string;
  /** The movement's amount, minor units. */
  amount: number;
  /** The platform's fee on it (minor units, 0 for none), decided once, with the journal. */
  fee: number;
  lines: JournalLine[];
  /**
   * When the consumer (or `ledger repair`) journaled it, on the merchant's clock (ISO): the day whose settlement
   * batch takes it. Absent on journals written before settlements existed (no batch takes them).
   */
  journaledAt?: string;
}

export const journalId = (transId: string, entryId: string, kind: JournalKind) => `${transId}/${entryId}/${kind}`;

/** Why a journal does not balance, or undefined when it does. */
export function unbalanced(j: Journal): string | undefined {
  if (!j.lines.length) return `${j.id}: no lines`;
  const bad = j.lines.find((l) => !Number.isSafeInteger(l.amount) || l.amount <= 0);
  if (bad) return `${j.id}: ${bad.account} amount ${bad.amount} is not a positive integer of minor units`;
  const debits = j.lines.filter((l) => l.side === 'debit').reduce((s, l) => s + l.amount, 0);
  const credits = j.lines.filter((l) => l.side === 'credit').reduce((s, l) => s + l.amount, 0);
  return debits === credits ? undefined : `${j.id}: debits ${debits} ≠ credits ${credits} ${j.currency}`;
}

/** Credits minus debits per account (a liability or income account's balance; an asset's is its negation). */
export function balances(journals: readonly Journal[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const j of journals)
    for (const l of j.lines) out.set(l.account, (out.get(l.account) ?? 0) + (l.side === 'credit' ? l.amount : -l.amount));
  return out;
}
