/**
 * S2S APM hashes (Appendix A of the APM protocol). The formulas differ in where strrev, the uppercasing and the
 * PASSWORD go — the grouping is the point, so each has its own function.
 */
import { concat, hexDigest, strrev, strtoupper, type HashAlgorithm } from './php.js';

/** SALE, DEBIT2VIRTUAL(_CALC): md5(upper(strrev(identifier . order_id . order_amount . order_currency . PASSWORD))). */
export function apmSaleHash(
  p: { identifier?: string; orderId: string; orderAmount?: string; orderCurrency: string; password: string },
  algo: HashAlgorithm = 'md5',
): string {
  return hexDigest(algo, strtoupper(strrev(concat(p.identifier || undefined, p.orderId, p.orderAmount, p.orderCurrency, p.password))));
}

/** CREDITVOID: md5(upper(strrev(trans_id . PASSWORD))). */
export function apmCreditvoidHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, strtoupper(strrev(concat(p.transId, p.password))));
}

/** VOID, CAPTURE, DEBIT2VIRTUAL_COMPLETE, GET_TRANS_STATUS: md5(upper(strrev(trans_id)) . PASSWORD) — PASSWORD as is. */
export function apmTransIdHash(p: { transId: string; password: string }, algo: HashAlgorithm = 'md5'): string {
  return hexDigest(algo, concat(strtoupper(strrev(p.transId)), p.password));
}

/** CREDIT2VIRTUAL: md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD). */
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

export type FormTree = string | FormTree[] | { [key: string]: FormTree };

/**
 * Every other APM callback: all parameters but `hash`, each leaf strrev'd, keys ksort'ed recursively (nested values
 * flattened in place), PASSWORD appended, md5(upper(...)).
 */
export function apmCallbackHash(params: Record<string, FormTree>, password: string, algo: HashAlgorithm = 'md5'): string {
  const parts: Buffer[] = [];
  collectLeaves(params, parts, true);
  parts.push(Buffer.from(password, 'utf8'));
  return hexDigest(algo, strtoupper(Buffer.concat(parts)));
}

function collectLeaves(node: FormTree, out: Buffer[], topLevel: boolean): void {
  if (typeof node === 'string') {
    out.push(strrev(node));
    return;
  }
  const entries: Array<[string, FormTree]> = Array.isArray(node) ? node.map((v, i) => [String(i), v]) : Object.entries(node);
  const keys = entries.filter(([k]) => !(topLevel && k === 'hash')).sort(([a], [b]) => phpKeyCompare(a, b));
  for (const [, value] of keys) collectLeaves(value, out, false);
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** ksort SORT_REGULAR (PHP 8): numeric keys compare as numbers, everything else byte-wise. */
function phpKeyCompare(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
