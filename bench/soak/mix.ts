/**
 * The soak's traffic: what a merchant sends, one flow at a time. Each flow returns what it expects the platform to
 * end with (payment status and how many callbacks), so the reconciliation can check it.
 */
import type { Merchant } from '../../shared/domain/merchant.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { followUpBody, saleBody } from '../src/requests.js';

export interface Expectation {
  transId: string;
  orderId: string;
  status: string;
  /** Callbacks the merchant must get for this payment (one per reported state change). */
  callbacks: number;
}

export type Flow = 'sale' | 'refund' | 'threeds';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the platform's untyped JSON answers, read field by field
async function post(url: string, body: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { html: text } };
  }
}

/** SALE settled at once: one callback. */
async function sale(base: string, m: Merchant, orderId: string): Promise<Expectation> {
  const res = await post(`${base}/post`, saleBody(m, orderId));
  if (res.body.status !== 'SETTLED') throw new Error(`SALE ${orderId}: ${res.status} ${JSON.stringify(res.body)}`);
  return { transId: res.body.trans_id, orderId, status: 'SETTLED', callbacks: 1 };
}

/** SALE, then a full CREDITVOID (REFUND): two callbacks. */
async function refund(base: string, m: Merchant, orderId: string): Promise<Expectation> {
  const settled = await sale(base, m, orderId);
  const res = await post(`${base}/post`, followUpBody(m, 'CREDITVOID', settled.transId));
  if (res.body.result !== 'ACCEPTED') throw new Error(`CREDITVOID ${orderId}: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...settled, status: 'REFUND', callbacks: 2 };
}

/** SALE with 3DS (05/2038): the payer's page is submitted as a browser would; SETTLED with one callback. */
async function threeds(base: string, m: Merchant, orderId: string): Promise<Expectation> {
  const res = await post(`${base}/post`, saleBody(m, orderId, { card_exp_month: '05' }));
  if (res.body.status !== '3DS') throw new Error(`3DS SALE ${orderId}: ${res.status} ${JSON.stringify(res.body)}`);
  const page = await fetch(res.body.redirect_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(res.body.redirect_params),
  });
  const html = await page.text();
  const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`3DS page of ${orderId} has no form`);
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((x) => [x[1]!, x[2]!]));
  const done = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  if (done.status !== 200) throw new Error(`3DS completion of ${orderId}: ${done.status}`);
  await done.text();
  return { transId: res.body.trans_id, orderId, status: 'SETTLED', callbacks: 1 };
}

export const FLOWS: Record<Flow, (base: string, m: Merchant, orderId: string) => Promise<Expectation>> = { sale, refund, threeds };

/** 90 % SALE, 8 % SALE + refund, 2 % 3DS, in a fixed pattern (the same traffic every run). */
export function flowFor(n: number): Flow {
  const k = n % 50;
  if (k === 7) return 'threeds';
  if (k % 12 === 3) return 'refund';
  return 'sale';
}
