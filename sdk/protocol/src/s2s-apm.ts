/**
 * S2S APM hashes (protocol.md §2.2; md5 by default, no outer sha1). The formulas differ in where strrev, the
 * uppercasing and the PASSWORD go: the grouping is the point, so each has its own function.
 */
import { hexDigest, type HashAlgorithm } from './digest.js';
import { concat, strrev, strtoupper, toBytes } from './php-bytes.js';

/** SALE, DEBIT2VIRTUAL(_CALC): md5(upper(strrev(identifier . order_id . order_amount . order_currency . PASSWORD))). */
export function apmSaleHash(
  p: { identifier?: string; orderId: string; orderAmount?: string; orderCurrency: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, strtoupper(strrev(concat(p.identifier, p.orderId, p.orderAmount, p.orderCurrency, p.password))));
}

/** CREDITVOID: md5(upper(strrev(trans_id . PASSWORD))). */
export function apmCreditvoidHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(strrev(concat(p.transId, p.password))));
}

/** VOID, CAPTURE, DEBIT2VIRTUAL_COMPLETE, GET_TRANS_STATUS: md5(upper(strrev(trans_id)) . PASSWORD), PASSWORD as is. */
export function apmTransIdHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, concat(strtoupper(strrev(p.transId)), p.password));
}

/** CREDIT2VIRTUAL, CREDIT2CRYPTO: md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD). */
export function apmCredit2VirtualHash(
  p: { orderId: string; orderAmount: string; orderCurrency: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, concat(strtoupper(strrev(concat(p.orderId, p.orderAmount, p.orderCurrency))), p.password));
}

/** CREDIT2VIRTUAL callback: md5(upper(strrev(trans_id . order_id . status)) . PASSWORD). */
export function apmCredit2VirtualCallbackHash(
  p: { transId: string; orderId: string; status: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, concat(strtoupper(strrev(concat(p.transId, p.orderId, p.status))), p.password));
}

/** Crypto SALE callback: md5(upper(strrev(email) . PASSWORD . trans_id)). */
export function apmCryptoSaleCallbackHash(p: { email?: string; password: string; transId: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(concat(p.email ? strrev(p.email) : undefined, p.password, p.transId)));
}

/**
 * The bytes every other APM callback is signed over, before uppercasing: every parameter but the top-level `hash`,
 * each leaf strrev'd, keys ksort'ed recursively (nested values flattened in place at their key), then PASSWORD.
 */
export function apmCallbackHashInput(params: Record<string, unknown>, password: string): Uint8Array {
  const parts: Uint8Array[] = [];
  collectLeaves(params, parts, true);
  parts.push(toBytes(password));
  return concat(...parts);
}

/** The generic APM callback signature: md5(upper(apmCallbackHashInput(params, PASSWORD))). */
export function apmCallbackHash(params: Record<string, unknown>, password: string, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(apmCallbackHashInput(params, password)));
}

function collectLeaves(node: object, out: Uint8Array[], topLevel: boolean): void {
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
  return compareBytes(toBytes(a), toBytes(b));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
