/**
 * Request/callback signatures of protocol.md §2 with PHP semantics. Everything is built on UTF-8 byte
 * buffers because PHP's strrev/strtoupper work on bytes: for non-ASCII input the result is what PHP computes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** "SHA256 mode" swaps md5 for sha256 (S2S directly, Checkout inside the outer sha1). */
export type HashAlgorithm = 'md5' | 'sha256';

type Bytes = string | Buffer;

const toBuffer = (v: Bytes): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

/** PHP strrev: reverses the bytes of the UTF-8 encoding. */
export function strrev(value: Bytes): Buffer {
  return Buffer.from(toBuffer(value)).reverse();
}

/** PHP strtoupper (PHP 8): only bytes a-z change. */
export function strtoupper(value: Bytes): Buffer {
  const out = Buffer.from(toBuffer(value));
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    if (b >= 0x61 && b <= 0x7a) out[i] = b - 0x20;
  }
  return out;
}

/** PHP `.` on byte strings; absent optional fields are simply left out. */
function concat(...parts: Array<Bytes | undefined>): Buffer {
  return Buffer.concat(parts.filter((p): p is Bytes => p !== undefined).map(toBuffer));
}

function digest(algo: HashAlgorithm | 'sha1', data: Bytes): string {
  return createHash(algo).update(toBuffer(data)).digest('hex');
}

/** substr(card,0,6) . substr(card,-4): also accepts an already shortened first6+last4 or masked PAN. */
export function card6_4(cardNumber: string): string {
  return cardNumber.slice(0, 6) + cardNumber.slice(-4);
}

const rev = (v: string | undefined): Buffer | undefined => (v === undefined ? undefined : strrev(v));

// ---- S2S CARD, Appendix A ----

/** F1: md5(upper(strrev(email) . PASSWORD . strrev(card6_4))) */
export function formula1(p: { email?: string; password: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password, strrev(card6_4(p.cardNumber)))));
}

/** F1 with token: md5(upper(strrev(email) . PASSWORD . strrev(card_token))) */
export function formula1Token(p: { email?: string; password: string; cardToken: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password, strrev(p.cardToken))));
}

/** F2: md5(upper(strrev(email) . PASSWORD . trans_id . strrev(card6_4))) */
export function formula2(
  p: { email?: string; password: string; transId: string; cardNumber: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password, p.transId, strrev(card6_4(p.cardNumber)))));
}

/** F3: md5(upper(strrev(PASSWORD))) */
export function formula3(p: { password: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(strrev(p.password)));
}

/** F4: md5(upper(strrev(schedule_id . PASSWORD))) */
export function formula4(p: { scheduleId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(strrev(concat(p.scheduleId, p.password))));
}

/** F5: md5(upper(PASSWORD . strrev(card6_4))) */
export function formula5(p: { password: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(p.password, strrev(card6_4(p.cardNumber)))));
}

/** F5 with token: md5(upper(PASSWORD . strrev(card_token))) */
export function formula5Token(p: { password: string; cardToken: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(p.password, strrev(p.cardToken))));
}

/** F6: md5(upper(PASSWORD . trans_id . strrev(card6_4))) */
export function formula6(p: { password: string; transId: string; cardNumber: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(p.password, p.transId, strrev(card6_4(p.cardNumber)))));
}

/** F7: md5(upper(strrev(email) . PASSWORD . order_id . strrev(card6_4))) */
export function formula7(
  p: { email?: string; password: string; orderId: string; cardNumber: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password, p.orderId, strrev(card6_4(p.cardNumber)))));
}

/** F8: md5(upper(strrev(email) . PASSWORD)) */
export function formula8(p: { email?: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password)));
}

// ---- S2S APM (§2.2); note the differing grouping of strrev/upper/PASSWORD ----

/** SALE / DEBIT2VIRTUAL(_CALC): md5(upper(strrev(identifier . order_id . order_amount . order_currency . PASSWORD))) */
export function apmSaleHash(
  p: { identifier?: string; orderId: string; orderAmount?: string; orderCurrency: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, strtoupper(strrev(concat(p.identifier, p.orderId, p.orderAmount, p.orderCurrency, p.password))));
}

/** CREDITVOID: md5(upper(strrev(trans_id . PASSWORD))) */
export function apmCreditvoidHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(strrev(concat(p.transId, p.password))));
}

/** VOID / DEBIT2VIRTUAL_COMPLETE / GET_TRANS_STATUS: md5(upper(strrev(trans_id)) . PASSWORD) — password not uppercased. */
export function apmTransIdHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, concat(strtoupper(strrev(p.transId)), p.password));
}

/** CREDIT2VIRTUAL / CREDIT2CRYPTO: md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD) */
export function apmCredit2VirtualHash(
  p: { orderId: string; orderAmount: string; orderCurrency: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, concat(strtoupper(strrev(concat(p.orderId, p.orderAmount, p.orderCurrency))), p.password));
}

/** Credit2Virtual callback: md5(upper(strrev(trans_id . order_id . status)) . PASSWORD) */
export function apmCredit2VirtualCallbackHash(
  p: { transId: string; orderId: string; status: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, concat(strtoupper(strrev(concat(p.transId, p.orderId, p.status))), p.password));
}

/** Crypto SALE callback: md5(upper(strrev(email) . PASSWORD . trans_id)) */
export function apmCryptoSaleCallbackHash(
  p: { email?: string; password: string; transId: string },
  algo: HashAlgorithm = 'md5',
): string {
  return digest(algo, strtoupper(concat(rev(p.email), p.password, p.transId)));
}

/**
 * Pre-hash bytes of the generic APM callback signature (before uppercasing): every parameter except the
 * top-level `hash`, leaf values strrev'd, keys recursively ksort'ed, nested values flattened in place, then PASSWORD.
 */
export function apmCallbackHashInput(params: Record<string, unknown>, password: string): Buffer {
  const parts: Buffer[] = [];
  collectLeaves(params, parts, true);
  parts.push(toBuffer(password));
  return Buffer.concat(parts);
}

/** Generic APM callback signature: md5(upper(apmCallbackHashInput(...))). */
export function apmCallbackHash(params: Record<string, unknown>, password: string, algo: HashAlgorithm = 'md5'): string {
  return digest(algo, strtoupper(apmCallbackHashInput(params, password)));
}

function collectLeaves(node: object, out: Buffer[], topLevel: boolean): void {
  const keys = Object.keys(node).filter((k) => !(topLevel && k === 'hash'));
  keys.sort(phpKeyCompare);
  for (const key of keys) {
    const value: unknown = (node as Record<string, unknown>)[key];
    if (value !== null && typeof value === 'object') collectLeaves(value, out, false);
    else out.push(strrev(phpString(value)));
  }
}

/** PHP's string conversion of a scalar: null → "", true → "1", false → "". */
function phpString(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return String(value);
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** ksort with SORT_REGULAR (PHP 8): numeric keys compare as numbers, everything else byte-wise. */
function phpKeyCompare(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// ---- Checkout + HPF (§2.3) ----

/** sha1_hex(md5_hex(upper(f1 . f2 … . PASSWORD))); the outer sha1 hashes the hex text. Absent fields are skipped. */
export function checkoutHash(parts: Array<string | undefined>, password: string, algo: HashAlgorithm = 'md5'): string {
  return digest('sha1', digest(algo, strtoupper(concat(...parts, password))));
}

// ---- Verification ----

/** Constant-time comparison of hex digests; hex case is ignored, a missing or differently sized value is just false. */
export function hashEquals(expected: string, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(lowerHex(expected), 'utf8');
  const b = Buffer.from(lowerHex(received), 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

// Only A-F: full Unicode lowercasing could make unrelated non-hex text compare equal.
export const lowerHex = (s: string): string => s.replace(/[A-F]/g, (c) => c.toLowerCase());
