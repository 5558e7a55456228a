/** The merchant side of the benchmark: bench merchants, signed S2S CARD bodies and a POST that returns JSON. */
import { deps } from '../../shared/entry/composition/deps.js';
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

/**
 * What the SALE says about its order and payer, which sizes the payment's items (a write unit per started KB).
 * `minimal`, the default since the first bench (figures compare across sessions): one-letter names, no address.
 * `typical` (`--payer typical`): what a web shop sends: full name, street address, city, zip, state, phone, a
 * sentence of order description.
 */
export const PAYERS = {
  minimal: {
    order_description: 'bench',
    payer_first_name: 'A',
    payer_last_name: 'B',
    payer_phone: '1',
    payer_ip: '127.0.0.1',
  },
  typical: {
    order_description: 'Order 12345: 2 items from Example Store',
    payer_first_name: 'Jonathan',
    payer_last_name: 'Smithson',
    payer_address: '221B Baker Street, Apt 4',
    payer_country: 'US',
    payer_state: 'NY',
    payer_city: 'New York',
    payer_zip: '10001',
    payer_phone: '+12125551234',
    payer_ip: '203.0.113.45',
  },
} satisfies Record<string, Record<string, string>>;

export type PayerName = keyof typeof PAYERS;
let payer: PayerName = 'minimal';

/** The payer every SALE body of this process carries from now on. */
export function usePayer(name: PayerName): void {
  payer = name;
}

/** A SALE the sandbox acquirer settles at once (expiry month 01); `auth: 'Y'` holds it (PENDING) for a CAPTURE. */
export function saleBody(m: Merchant, orderId: string, extra: Record<string, string> = {}): string {
  return encodeForm({
    action: 'SALE',
    client_key: m.clientKey,
    order_id: orderId,
    order_amount: '10.00',
    order_currency: 'USD',
    card_number: CARD,
    card_exp_month: '01',
    card_exp_year: '2038',
    card_cvv2: '123',
    payer_email: EMAIL,
    term_url_3ds: 'https://example.com/',
    ...PAYERS[payer],
    hash: formula1({ email: EMAIL, password: m.password, cardNumber: CARD }),
    ...extra,
  });
}

/**
 * A SALE with a card that is not a sandbox test card, so the risk check counts it (docs/risk.md): the `n`-th of
 * distinct Luhn-valid numbers, one per sample (a card is declined past 10 attempts an hour).
 */
export function countedSaleBody(m: Merchant, orderId: string, n: number): string {
  const body = `4000${String(n).padStart(11, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  const card = body + String((10 - (sum % 10)) % 10);
  return saleBody(m, orderId, { card_number: card, hash: formula1({ email: EMAIL, password: m.password, cardNumber: card }) });
}

/** CAPTURE, CREDITVOID, … on a trans_id (Formula 2). */
export function followUpBody(m: Merchant, action: string, transId: string, extra: Record<string, string> = {}): string {
  return encodeForm({
    action,
    client_key: m.clientKey,
    trans_id: transId,
    hash: formula2({ email: EMAIL, password: m.password, transId, cardNumber: CARD }),
    ...extra,
  });
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
