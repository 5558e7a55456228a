/**
 * A blocklist entry's value as it is stored, read from what an operator typed (the editing side: the admin CLI, the
 * console). Apart from blocklist.ts so the request's check never loads ipaddr.js (shared/lib/net/cidr.ts).
 */
import { formatCidr, parseCidr } from '../../lib/net/cidr.js';
import type { BlocklistType } from '../../ports/risk-store.js';

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
      return /^[A-Za-z]{2}$/.test(t)
        ? { value: t.toUpperCase() }
        : { problem: '--value: a country is its ISO 3166-1 alpha-2 code, e.g. US' };
    case 'ip': {
      const c = parseCidr(t);
      if (!c) return { problem: '--value: an IP address or CIDR range, e.g. 203.0.113.7 or 203.0.113.0/24' };
      if (c.prefix < MIN_PREFIX[c.family])
        return { problem: `--value: an IPv${c.family} range needs a prefix of /${MIN_PREFIX[c.family]} or longer` };
      return { value: formatCidr(c) };
    }
    case 'card':
      return { problem: '--type card is named by a payment that used the card: --trans-id TRANS_ID (never a card number)' };
  }
}
