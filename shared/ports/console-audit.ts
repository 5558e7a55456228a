/** The console's append-only audit log: one item per change, written once with a condition and never updated. */
import type { ConsoleRole } from './console-users.js';
import type { EntryItem } from './transaction-items.js';

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

export interface AuditLog {
  /** The entry on its own: sign-in, reveals, changes that are not DynamoDB writes. */
  append(entry: AuditEntry): Promise<void>;
  /** The entry as an item the change's store method writes in its own transaction (ports/transaction-items.ts). */
  entryItem(entry: AuditEntry): EntryItem;
  /** Newest first; a merchant's entries, or every entry (clientKey undefined). */
  list(clientKey: string | undefined, opts: { limit: number; cursor?: string }): Promise<AuditPage>;
}
