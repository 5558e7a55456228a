/** The audit log as the console shows it: a merchant's users see their merchant's entries; operators every entry. */
import * as z from '../../lib/zod-mini.js';
import type { ConsoleAuditAnswer } from '../../protocol/console/answers.js';
import type { ConsoleContext } from './console-deps.js';
import { isOperator, merchantOf, type Principal } from './roles.js';

export async function auditLog(cx: ConsoleContext, p: Principal, query: Record<string, string | undefined>): Promise<ConsoleAuditAnswer> {
  const limit = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50).parse(query.limit ?? 50);
  const clientKey = isOperator(p) && !query.client_key ? undefined : merchantOf(p, query.client_key);
  return cx.audit.list(clientKey, { limit, cursor: query.cursor?.slice(0, 2000) });
}
