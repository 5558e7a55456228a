/** The merchant side of the benchmark: bench merchants, signed S2S CARD bodies and a POST that returns JSON. */
import { deps } from '../../shared/deps.js';
import { createMerchant, createMid } from '../../shared/operations/admin/merchants.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { formula1, formula2 } from '../../shared/protocol/signature.js';

export const CARD = '4111111111111111';
const EMAIL = 'doe@example.com';

export async function benchMerchant(name: string, notificationUrl?: string): Promise<Merchant> {
  const merchant = await createMerchant(deps(), { name, notificationUrl });
  await createMid(deps(), merchant.clientKey, {});
  return merchant;
}

/** A SALE the sandbox acquirer settles at once (expiry month 01); `auth: 'Y'` holds it (PENDING) for a CAPTURE. */
export function saleBody(m: Merchant, orderId: string, extra: Record<string, string> = {}): string {
  return encodeForm({
    action: 'SALE', client_key: m.clientKey, order_id: orderId, order_amount: '10.00', order_currency: 'USD', order_description: 'bench',
    card_number: CARD, card_exp_month: '01', card_exp_year: '2038', card_cvv2: '123', payer_first_name: 'A', payer_last_name: 'B',
    payer_email: EMAIL, payer_phone: '1', payer_ip: '127.0.0.1', term_url_3ds: 'https://example.com/',
    hash: formula1({ email: EMAIL, password: m.password, cardNumber: CARD }),
    ...extra,
  });
}

/** CAPTURE, CREDITVOID, … on a trans_id (Formula 2). */
export function followUpBody(m: Merchant, action: string, transId: string, extra: Record<string, string> = {}): string {
  return encodeForm({ action, client_key: m.clientKey, trans_id: transId, hash: formula2({ email: EMAIL, password: m.password, transId, cardNumber: CARD }), ...extra });
}

export async function postForm(url: string, body: string): Promise<Record<string, string>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const json = (await res.json()) as Record<string, string>;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A SALE body whose order id the load generator fills in per request (load-process.ts). */
export function saleTemplate(m: Merchant): { body: string; placeholder: string } {
  const placeholder = 'ORDER_ID_PLACEHOLDER';
  return { body: saleBody(m, placeholder), placeholder };
}
