/**
 * Writes one audit entry per change made through the console: who, what, when, from where (docs/console.md). Where
 * the change is a DynamoDB write, audited() hands the entry to the change, which passes it to the store method that
 * writes (`{ alongside }`, ports/transaction-items.ts): the change and its entry exist together or not at all.
 */
import type { AuditEntry } from '../../ports/console-audit.js';
import { TransactionItems } from '../../ports/transaction-items.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import type { Principal } from './roles.js';

export interface AuditAbout {
  clientKey?: string;
  target?: string;
  details?: AuditEntry['details'];
}

function entryOf(cx: Pick<ConsoleContext<Pick<Deps, 'newId'>>, 'd'>, p: Principal, action: string, about: AuditAbout): AuditEntry {
  return {
    id: cx.d.newId(),
    // The real time, not a sandbox's test clock: the log says when people did things.
    at: new Date().toISOString(),
    actor: p.email,
    role: p.role,
    action,
    ...(about.clientKey ? { clientKey: about.clientKey } : {}),
    ...(about.target ? { target: about.target } : {}),
    ...(about.details ? { details: about.details } : {}),
    sourceIp: p.sourceIp,
    ...(p.userAgent ? { userAgent: p.userAgent.slice(0, 300) } : {}),
  };
}

/** An entry on its own: sign-in, reveals, and changes that are not DynamoDB writes (Cognito, SQS). */
export async function audit(
  cx: Pick<ConsoleContext<Pick<Deps, 'newId'>>, 'audit' | 'd'>,
  p: Principal,
  action: string,
  about: AuditAbout = {},
): Promise<void> {
  await cx.audit.append(entryOf(cx, p, action, about));
}

/**
 * Runs `change` with its entry as `alongside`, for the change to hand to the store method that makes it: stored in
 * that write's transaction. A change that stored it nowhere (already paused, a duplicate) still gets its entry, on
 * its own, when `always` is set (the default): the log says someone asked. A change that throws gets none.
 */
export async function audited<T>(
  cx: Pick<ConsoleContext<Pick<Deps, 'newId'>>, 'audit' | 'd'>,
  p: Principal,
  action: string,
  about: AuditAbout & { always?: boolean },
  change: (alongside: TransactionItems) => Promise<T>,
): Promise<T> {
  const entry = entryOf(cx, p, action, about);
  const alongside = TransactionItems.of(cx.audit.entryItem(entry));
  const result = await change(alongside);
  if (!alongside.stored && about.always !== false) await cx.audit.append(entry);
  return result;
}
