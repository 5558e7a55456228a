/**
 * Signed S2S APM requests as a merchant's backend builds them, and an independent check of the APM callback
 * signature written from the documented algorithm (protocol.md §2.2), not from the platform's own code.
 */
import { createHash } from 'node:crypto';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormObject, FormValue } from '../../../shared/protocol/form.js';

type Fields = Record<string, FormValue | undefined>;

const md5 = (s: string | Buffer) => createHash('md5').update(s).digest('hex');
/** PHP strrev / strtoupper on ASCII test values. */
const rev = (s: string) => [...s].reverse().join('');
const upper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

export const SUCCESS_ID = 'success@gmail.com';
export const FAIL_ID = 'fail@gmail.com';
export const REDIRECT_ID = 'redirect@gmail.com';
export const REDIRECT_FAIL_ID = 'redirect-fail@gmail.com';

const orderId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** Sale signature: md5(upper(strrev(identifier . order_id . order_amount . order_currency . PASSWORD))). */
export function saleHash(f: Fields, password: string): string {
  return md5(upper(rev(`${f.identifier ?? ''}${f.order_id ?? ''}${f.order_amount ?? ''}${f.order_currency ?? ''}${password}`)));
}

/** SALE (or DEBIT2VIRTUAL / _CALC with `action`) of brand vcard. */
export function apmSale(merchant: Merchant, overrides: Fields = {}): Fields {
  const fields: Fields = {
    action: 'SALE',
    client_key: merchant.clientKey,
    brand: 'vcard',
    order_id: orderId('apm'),
    order_amount: '10.00',
    order_currency: 'USD',
    order_description: 'APM order',
    identifier: SUCCESS_ID,
    payer_ip: '203.0.113.7',
    return_url: 'https://merchant.example/return',
    ...overrides,
  };
  if (!('hash' in overrides)) fields.hash = saleHash(fields, merchant.password);
  return fields;
}

/** Credit2Virtual signature: md5(upper(strrev(order_id . order_amount . order_currency)) . PASSWORD). */
export function apmPayout(merchant: Merchant, overrides: Fields = {}): Fields {
  const fields: Fields = {
    action: 'CREDIT2VIRTUAL',
    client_key: merchant.clientKey,
    brand: 'vcard',
    order_id: orderId('c2v'),
    order_amount: '25.00',
    order_currency: 'USD',
    order_description: 'Payout',
    identifier: SUCCESS_ID,
    payer_ip: '203.0.113.7',
    ...overrides,
  };
  if (!('hash' in overrides))
    fields.hash = md5(upper(rev(`${fields.order_id}${fields.order_amount}${fields.order_currency}`)) + merchant.password);
  return fields;
}

/** CREDITVOID: md5(upper(strrev(trans_id . PASSWORD))); CAPTURE, VOID, GET_TRANS_STATUS, DEBIT2VIRTUAL_COMPLETE: md5(upper(strrev(trans_id)) . PASSWORD). */
export function transIdHash(action: string, transId: string, password: string): string {
  return action === 'CREDITVOID' ? md5(upper(rev(transId + password))) : md5(upper(rev(transId)) + password);
}

export function apmFollowUp(merchant: Merchant, action: string, transId: string, extra: Fields = {}): Fields {
  return { action, client_key: merchant.clientKey, trans_id: transId, hash: transIdHash(action, transId, merchant.password), ...extra };
}

/** PHP ksort (SORT_REGULAR) for the keys a callback can have: numeric keys as numbers, others byte-wise. */
function ksort(keys: string[]): string[] {
  const numeric = (k: string) => /^\d+$/.test(k);
  return [...keys].sort((a, b) => (numeric(a) && numeric(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
}

function flatten(node: FormValue, out: string[]): void {
  if (typeof node === 'string') {
    out.push(rev(node));
    return;
  }
  const obj = node as Record<string, FormValue>;
  for (const k of ksort(Object.keys(obj))) flatten(obj[k]!, out);
}

/** The documented APM callback signature, as a merchant would check it on the fields received. */
export function expectedCallbackHash(fields: FormObject, password: string): string {
  const parts: string[] = [];
  const { hash: _hash, ...rest } = fields;
  flatten(rest as FormValue, parts);
  return md5(upper(parts.join('') + password));
}

/** Credit2Virtual callback signature: md5(upper(strrev(trans_id . order_id . status)) . PASSWORD). */
export function expectedC2vCallbackHash(fields: FormObject, password: string): string {
  return md5(upper(rev(`${fields.trans_id}${fields.order_id}${fields.status}`)) + password);
}
