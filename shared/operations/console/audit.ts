/** Writes one audit entry per change made through the console: who, what, when, from where (docs/console.md). */
import type { AuditEntry } from '../../ports/console-audit.js';
import type { ConsoleContext } from './console-deps.js';
import type { Principal } from './roles.js';

export async function audit(
  cx: Pick<ConsoleContext, 'audit' | 'd'>,
  p: Principal,
  action: string,
  about: { clientKey?: string; target?: string; details?: AuditEntry['details'] } = {},
): Promise<void> {
  await cx.audit.append({
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
  });
}
