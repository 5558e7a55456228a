/**
 * Card numbers that arrive inside free-form JSON objects (Checkout `payee`, `payee_billing_address`, `custom_data`,
 * `parameters`) are kept and echoed only masked: first 6, `****`, last 4. Whatever the JSON type — a string with
 * spaces, dashes or dots, or a JSON number — a card-number field is normalised to its digits before masking, so
 * `4111111111111111`, `"4111 1111-1111 1111"` and `"4111.1111.1111.1111"` all become `411111****1111`.
 */
import { luhnValid } from './fields.js';

/** Field names the protocol uses for a card number (card_number, payee_card_number, payer_card_number, ...). */
const CARD_FIELD = /^(payee_|payer_)?(card_?number|card_?no|pan)$/i;
const SEPARATORS = /[\s\-._/]/g;

export const maskPan = (digits: string) => `${digits.slice(0, 6)}****${digits.slice(-4)}`;

/** The digits of a scalar (a JSON number is written out in full; exponent forms are not card numbers). */
function digitsOf(v: unknown, strip: RegExp): string | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return BigInt(v).toString();
  if (typeof v === 'bigint') return v.toString();
  return typeof v === 'string' ? v.replace(strip, '') : undefined;
}

/** A card-number field: any 12–19 digits, whatever the separators, Luhn or not (a mistyped PAN is still a PAN). */
function maskCardField(v: unknown): unknown {
  const digits = digitsOf(v, /\D/g);
  return digits !== undefined && /^\d{12,19}$/.test(digits) ? maskPan(digits) : v;
}

/** Any other value: masked when it is a Luhn-valid 13–19 digit number, separators allowed. */
function maskPanLike(v: unknown): unknown {
  const digits = digitsOf(v, SEPARATORS);
  return digits !== undefined && /^\d{13,19}$/.test(digits) && luhnValid(digits) ? maskPan(digits) : v;
}

/**
 * Masks every card-number field, at any depth. `anyPanLike`: also any value that looks like a card number
 * (the `payee` object, which describes a card holder).
 */
export function maskCardNumbers<T>(value: T, opts: { anyPanLike?: boolean } = {}): T {
  const walk = (v: unknown, key: string | undefined): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (key !== undefined && CARD_FIELD.test(key)) return maskCardField(v);
    return opts.anyPanLike ? maskPanLike(v) : v;
  };
  return walk(value, undefined) as T;
}
