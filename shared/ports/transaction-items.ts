/**
 * Entries an operation stores in the same transaction as its change: a console change's audit entry, a chargeback's
 * index entry. Either both are stored or neither.
 *
 * The operation gets each entry from the port that owns it (AuditLog.entryItem, ChargebackIndex.entryItem) and hands
 * the TransactionItems to the store method that makes the change (`{ alongside }`); that method writes them in its
 * own transaction and marks them stored. Nothing is attached behind the caller's back: a write that is not handed
 * them does not carry them. A change that wrote nothing (nothing to change, or refused) leaves them unstored, and
 * the caller decides whether the entry is stored on its own.
 */

/** An item put once, never overwritten (the write's condition is that it does not exist yet). */
export interface EntryItem {
  table: string;
  item: Record<string, unknown>;
}

export class TransactionItems {
  private done = false;

  private constructor(
    private readonly entries: readonly EntryItem[],
    private readonly within?: TransactionItems,
  ) {}

  static of(...entries: EntryItem[]): TransactionItems {
    return new TransactionItems(entries);
  }

  /** These entries and `more`, for one transaction: storing them stores these too (a console chargeback's audit and index entries). */
  plus(...more: EntryItem[]): TransactionItems {
    return new TransactionItems([...this.pending, ...more], this);
  }

  /** What the next write of the change carries: nothing once a write stored them (a change's later writes add none). */
  get pending(): readonly EntryItem[] {
    return this.done ? [] : this.entries;
  }

  get stored(): boolean {
    return this.done;
  }

  /** For the store method whose transaction just stored `pending`. */
  markStored(): void {
    this.done = true;
    this.within?.markStored();
  }
}

/** The optional last argument of a store method that can carry entries. */
export interface Alongside {
  alongside?: TransactionItems;
}
