/** The console's append-only audit log: one item per change, written once with a condition and never updated. */
import type { ConsoleRole } from './console-users.js';

export interface AuditEntry {
  id: string;
  at: string;
  /** Who: the signed-in user. */
  actor: string;
  role: ConsoleRole;
  /** What: a verb such as "payment.refund", "merchant.create", "wallet.configure". */
  action: string;
  /** The merchant concerned, if any (a merchant sees its own entries; operators see all). */
  clientKey?: string;
  /** What it acted on (trans_id, MID id, email ...). */
  target?: string;
  /** Non-secret details (amounts, changed field names): never passwords, keys or card data. */
  details?: Record<string, string | number | boolean>;
  /** From where: source IP and user agent of the request. */
  sourceIp: string;
  userAgent?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Opaque: pass back to read the next (older) page. */
  cursor?: string;
}

/** The stored thing a console change writes, named in the platform's own terms. */
export type AuditedItem = { payment: string } | { merchant: string } | { schedule: string } | { consoleUser: string };

export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /**
   * Runs `change` and writes the entry in the same DynamoDB transaction as the change's first write to `item`
   * (again with the next such write if that one fails its condition). `written` is false when the change made no
   * write to the item (nothing to change, or it refused): the caller then appends the entry, or not, itself.
   */
  withChange<T>(entry: AuditEntry, item: AuditedItem, change: () => Promise<T>): Promise<{ result: T; written: boolean }>;
  /** Newest first; a merchant's entries, or every entry (clientKey undefined). */
  list(clientKey: string | undefined, opts: { limit: number; cursor?: string }): Promise<AuditPage>;
}
