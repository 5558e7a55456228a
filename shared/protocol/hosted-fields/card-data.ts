/**
 * What the card-number iframe submits for its session: {card_number, expiry ("MM/YY" or "MM/YYYY"), cvv}.
 * The same rules as the hosted page's card form; any problem is the client library's "data format error"
 * (onSubmitResult result undefined), without saying which value was wrong — the fields show that themselves.
 * Nothing here is logged: the values are card data.
 */
import { cardBrand, luhnValid } from '../fields.js';

export interface SubmittedCard {
  number: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvv: string;
}

export function readCardData(json: Record<string, unknown>, now: Date): SubmittedCard | undefined {
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  const number = s('card_number').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number) || cardBrand(number) === 'unknown') return undefined;
  const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(s('expiry').trim());
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = Number(m[2]!.length === 2 ? `20${m[2]}` : m[2]);
  if (month < 1 || month > 12) return undefined;
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return undefined;
  const cvv = s('cvv').trim();
  if (!/^\d{3,4}$/.test(cvv)) return undefined;
  return { number, expMonth: String(month).padStart(2, '0'), expYear: String(year), cvv };
}
