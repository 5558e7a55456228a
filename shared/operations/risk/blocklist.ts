/**
 * Blocklists (docs/risk.md): cards (by fingerprint), BINs, e-mails, payer IPs and CIDR ranges, payer countries,
 * platform-wide (`PLATFORM`) or per merchant. The check asks, in its one read, for every entry that could match the
 * payment by key (5 a scope), and for each scope's IP ranges, kept together on one item and matched here.
 */
import { cidrContains, parseIp } from '../../lib/net/ip-address.js';
import type { BlocklistEntry, BlocklistScope, BlocklistType } from '../../ports/risk-store.js';
import type { RiskDecision } from './decision.js';

export const BLOCKLIST = 'blocklist';

export interface ListedValues {
  /** The card's fingerprint and number; absent for an APM payment. */
  card?: string;
  cardNumber?: string;
  email?: string;
  country?: string;
}

/** The scopes a merchant's payment is checked in: the merchant's own first, then the platform's. */
export const scopesOf = (clientKey: string): BlocklistScope[] => [clientKey, 'PLATFORM'];

/** Every key under which an entry would stop a payment with these values, in both scopes (the merchant's first). */
export function blocklistKeys(clientKey: string, v: ListedValues): { scope: BlocklistScope; type: BlocklistType; value: string }[] {
  const values: { type: BlocklistType; value: string }[] = [
    ...(v.card ? [{ type: 'card' as const, value: v.card }] : []),
    ...(v.cardNumber
      ? [
          { type: 'bin' as const, value: v.cardNumber.slice(0, 6) },
          { type: 'bin' as const, value: v.cardNumber.slice(0, 8) },
        ]
      : []),
    ...(v.email ? [{ type: 'email' as const, value: v.email.trim().toLowerCase() }] : []),
    ...(v.country ? [{ type: 'country' as const, value: v.country.trim().toUpperCase() }] : []),
  ];
  return scopesOf(clientKey).flatMap((scope) => values.map((x) => ({ scope, ...x })));
}

/** The first of the ranges (scopes in order) that holds the payer's address. */
export function matchingRange(
  address: string | undefined,
  ranges: { scope: BlocklistScope; value: string }[],
): { scope: BlocklistScope; value: string } | undefined {
  const ip = address === undefined ? undefined : parseIp(address);
  // An IPv4-mapped payer address (::ffff:a.b.c.d) is matched against IPv4 ranges too (BlockList maps it).
  return ip && ranges.find((r) => cidrContains(r.value, ip));
}

export function blocklistCheck(found: BlocklistEntry[], range?: { scope: BlocklistScope; value: string }): RiskDecision | undefined {
  const e = found[0] ?? (range && { ...range, type: 'ip' as const });
  if (!e) return undefined;
  const scope = e.scope === 'PLATFORM' ? 'platform' : 'merchant';
  const about = 'label' in e && e.label ? e.label : e.value;
  const why = 'reason' in e && e.reason ? ` (${e.reason})` : '';
  return { control: BLOCKLIST, reason: `${scope} blocklist ${e.type} ${about}${why}` };
}
