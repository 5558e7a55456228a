/**
 * Money as an integer count of minor units plus its ISO 4217 currency. Amounts never pass through floats:
 * wire strings are checked with a regex and converted with string arithmetic (protocol.md §3.1).
 */
import { ValidationError } from './errors.js';

export interface Currency {
  readonly code: string;
  /** ISO 4217 minor-unit exponent. */
  readonly exponent: number;
  /** Digits after the point ON THE WIRE (differs from `exponent` only for UGX, JPY, KRW, CLP). */
  readonly wireDecimals: number;
}

export interface Money {
  readonly minor: number;
  readonly currency: string;
}

const BLANK = 'This value should not be blank.';
const INVALID = 'This value is not valid.';
const INVALID_CURRENCY = 'This value is not a valid currency.';

// Active ISO 4217 codes (list one), grouped by exponent. Codes whose exponent is "N.A." (XAU, XDR, XXX, …) are not payable and left out.
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
  'GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD ' +
  'LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN ' +
  'PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL ' +
  'THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL';
/** Zero-exponent currencies the protocol still sends as "XX.00". */
const ZERO_EXPONENT_WITH_CENTS = new Set(['UGX', 'JPY', 'KRW', 'CLP']);

const CURRENCIES: ReadonlyMap<string, Currency> = (() => {
  const map = new Map<string, Currency>();
  const groups: Array<[string, number]> = [
    [EXPONENT_0, 0],
    [EXPONENT_2, 2],
    [EXPONENT_3, 3],
    [EXPONENT_4, 4],
  ];
  for (const [codes, exponent] of groups) {
    for (const code of codes.split(' ')) {
      const wireDecimals = ZERO_EXPONENT_WITH_CENTS.has(code) ? 2 : exponent;
      map.set(code, Object.freeze({ code, exponent, wireDecimals }));
    }
  }
  return map;
})();

const MAX_SAFE = String(Number.MAX_SAFE_INTEGER);
const MAX_AMOUNT_LENGTH = 32;

export function findCurrency(code: string): Currency | undefined {
  return CURRENCIES.get(code);
}

/** Codes are case-sensitive (uppercase), like Symfony's Currency constraint. */
export function parseCurrency(value: string | undefined, field = 'order_currency'): Currency {
  if (value === undefined || value === '') throw ValidationError.field(field, BLANK);
  const currency = findCurrency(value);
  if (!currency) throw ValidationError.field(field, INVALID_CURRENCY);
  return currency;
}

export function parseAmount(value: string | undefined, currency: Currency, field = 'order_amount'): Money {
  if (value === undefined || value === '') throw ValidationError.field(field, BLANK);
  // No valid amount is this long (16 digits at most, a point, 4 decimals): the pattern never sees more.
  if (value.length > MAX_AMOUNT_LENGTH) throw ValidationError.field(field, INVALID);
  const m = amountPattern(currency.wireDecimals).exec(value);
  if (!m) throw ValidationError.field(field, INVALID);
  const integer = m[1] ?? '';
  const fraction = m[2] ?? '';
  // Zero-exponent currencies sent with cents ("1000.00") may only carry "00".
  if (currency.exponent === 0 && fraction !== '' && !/^0+$/.test(fraction)) throw ValidationError.field(field, INVALID);
  const digits = (integer + (currency.exponent === 0 ? '' : fraction)).replace(/^0+(?=\d)/, '');
  // Compare as strings so values past 2^53 are rejected before any precision is lost.
  if (digits.length > MAX_SAFE.length || (digits.length === MAX_SAFE.length && digits > MAX_SAFE)) {
    throw ValidationError.field(field, INVALID);
  }
  return { minor: Number(digits), currency: currency.code };
}

export function formatAmount(money: Money): string {
  const currency = requireCurrency(money.currency);
  assertMinor(money.minor);
  if (currency.exponent === 0) {
    return currency.wireDecimals === 0 ? String(money.minor) : `${money.minor}.${'0'.repeat(currency.wireDecimals)}`;
  }
  const digits = String(money.minor).padStart(currency.exponent + 1, '0');
  const cut = digits.length - currency.exponent;
  return `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** Builds a Money from trusted values; bad input here is a programming error (RangeError), not a client error. */
export function money(minor: number, currency: string): Money {
  assertMinor(minor);
  requireCurrency(currency);
  return { minor, currency };
}

const patterns = new Map<number, RegExp>();
function amountPattern(decimals: number): RegExp {
  let re = patterns.get(decimals);
  if (!re) {
    // No sign, spaces or exponent; a single "0" is the only allowed leading zero.
    re = decimals === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)\\.([0-9]{${decimals}})$`);
    patterns.set(decimals, re);
  }
  return re;
}

function requireCurrency(code: string): Currency {
  const currency = findCurrency(code);
  if (!currency) throw new RangeError(`Unknown currency: ${code}`);
  return currency;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Invalid minor amount: ${minor}`);
}
