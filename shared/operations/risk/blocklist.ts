/**
 * Blocklists (docs/risk.md): cards (by fingerprint), BINs, e-mails, payer IPs and CIDR ranges, payer countries,
 * platform-wide (`PLATFORM`) or per merchant. The check asks, in its one read, for every entry that could match the
 * payment by key (5 a scope), and for each scope's IP ranges, kept together on one item and matched here.
 */
import { cidrContains, formatCidr, parseCidr, parseIp, unmapped } from '../../net/ip-address.js';
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
    ...(v.cardNumber ? [{ type: 'bin' as const, value: v.cardNumber.slice(0, 6) }, { type: 'bin' as const, value: v.cardNumber.slice(0, 8) }] : []),
    ...(v.email ? [{ type: 'email' as const, value: v.email.trim().toLowerCase() }] : []),
    ...(v.country ? [{ type: 'country' as const, value: v.country.trim().toUpperCase() }] : []),
  ];
  return scopesOf(clientKey).flatMap((scope) => values.map((x) => ({ scope, ...x })));
}

/** The first of the ranges (scopes in order) that holds the payer's address. */
export function matchingRange(address: string | undefined, ranges: { scope: BlocklistScope; value: string }[]): { scope: BlocklistScope; value: string } | undefined {
  const ip = address === undefined ? undefined : parseIp(address);
  if (!ip) return undefined;
  const plain = unmapped(ip);
  return ranges.find((r) => {
    const c = parseCidr(r.value);
    return !!c && cidrContains(c, plain);
  });
}

export function blocklistCheck(found: BlocklistEntry[], range?: { scope: BlocklistScope; value: string }): RiskDecision | undefined {
  const e = found[0] ?? (range && { ...range, type: 'ip' as const });
  if (!e) return undefined;
  const scope = e.scope === 'PLATFORM' ? 'platform' : 'merchant';
  const about = 'label' in e && e.label ? e.label : e.value;
  const why = 'reason' in e && e.reason ? ` (${e.reason})` : '';
  return { control: BLOCKLIST, reason: `${scope} blocklist ${e.type} ${about}${why}` };
}

/** The shortest prefixes an entry may have: a wider range is almost surely a mistake that would stop everyone. */
const MIN_PREFIX = { 4: 8, 6: 16 } as const;

/** A value as an entry stores it, or the problem with it (a card is named by a payment, never here). */
export function normalisedValue(type: BlocklistType, text: string): { value: string } | { problem: string } {
  const t = text.trim();
  switch (type) {
    case 'bin':
      return /^\d{6}(\d{2})?$/.test(t) ? { value: t } : { problem: '--value: a BIN is the first 6 or 8 digits of a card number' };
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(t) ? { value: t.toLowerCase() } : { problem: '--value: not an e-mail address' };
    case 'country':
      return /^[A-Za-z]{2}$/.test(t) ? { value: t.toUpperCase() } : { problem: '--value: a country is its ISO 3166-1 alpha-2 code, e.g. US' };
    case 'ip': {
      const c = parseCidr(t);
      if (!c) return { problem: '--value: an IP address or CIDR range, e.g. 203.0.113.7 or 203.0.113.0/24' };
      if (c.prefix < MIN_PREFIX[c.family]) return { problem: `--value: an IPv${c.family} range needs a prefix of /${MIN_PREFIX[c.family]} or longer` };
      return { value: formatCidr(c) };
    }
    case 'card':
      return { problem: '--type card is named by a payment that used the card: --trans-id TRANS_ID (never a card number)' };
  }
}
