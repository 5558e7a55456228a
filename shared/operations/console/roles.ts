/**
 * Who may do what in the console. operator: every merchant and the platform's own pages; merchant-admin: its own
 * merchant, read and change; merchant-viewer: its own merchant, read only. Every console operation starts here.
 */
import type { ConsoleRole } from '../../ports/console-users.js';
import { ConsoleForbiddenError, ConsoleNotFoundError } from './errors.js';

/** The signed-in user of one request, and where the request came from (for the audit log). */
export interface Principal {
  email: string;
  role: ConsoleRole;
  clientKey?: string;
  sourceIp: string;
  userAgent?: string;
}

export const isOperator = (p: Principal) => p.role === 'operator';

/** May read this merchant's data. Another merchant's is answered like an unknown one. */
export function readMerchant(p: Principal, clientKey: string, what = 'Merchant not found.'): void {
  if (!isOperator(p) && p.clientKey !== clientKey) throw new ConsoleNotFoundError(what);
}

/** May change this merchant's settings or act on its payments. */
export function changeMerchant(p: Principal, clientKey: string, what?: string): void {
  readMerchant(p, clientKey, what);
  if (p.role === 'merchant-viewer') throw new ConsoleForbiddenError('Viewers cannot change anything; ask a merchant admin.');
}

export function operatorOnly(p: Principal): void {
  if (!isOperator(p)) throw new ConsoleForbiddenError('Only operators can do this.');
}

/** The merchant a request is about: merchants' users always their own; operators must name one. */
export function merchantOf(p: Principal, named: string | undefined): string {
  const clientKey = named || p.clientKey;
  if (!clientKey) throw new ConsoleNotFoundError('Name a merchant (client_key).');
  readMerchant(p, clientKey);
  return clientKey;
}
