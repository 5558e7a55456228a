/** Builders for signed S2S CARD requests, as a merchant's backend would send them. */
import { formula1, formula2 } from '../../shared/protocol/signature.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import type { FormValue } from '../../shared/protocol/form.js';

export const SANDBOX_CARD = '4111111111111111';

export function saleFields(merchant: Merchant, overrides: Record<string, FormValue | undefined> = {}): Record<string, FormValue | undefined> {
  const fields: Record<string, FormValue | undefined> = {
    action: 'SALE',
    client_key: merchant.clientKey,
    order_id: `order-${Math.random().toString(36).slice(2, 10)}`,
    order_amount: '10.00',
    order_currency: 'USD',
    order_description: 'Test order',
    card_number: SANDBOX_CARD,
    card_exp_month: '01',
    card_exp_year: '2038',
    card_cvv2: '123',
    payer_first_name: 'John',
    payer_last_name: 'Doe',
    payer_address: 'Big street',
    payer_country: 'US',
    payer_state: 'CA',
    payer_city: 'City',
    payer_zip: '123456',
    payer_email: 'doe@example.com',
    payer_phone: '199999999',
    payer_ip: '123.123.123.123',
    term_url_3ds: 'https://merchant.example/3ds-return',
    ...overrides,
  };
  if (!('hash' in overrides)) {
    fields.hash = formula1({ email: fields.payer_email as string, password: merchant.password, cardNumber: (fields.card_number as string | undefined) ?? '' });
  }
  return fields;
}

export function transIdFields(
  merchant: Merchant,
  action: string,
  transId: string,
  opts: { email?: string; card?: string; extra?: Record<string, FormValue | undefined> } = {},
): Record<string, FormValue | undefined> {
  return {
    action,
    client_key: merchant.clientKey,
    trans_id: transId,
    hash: formula2({ email: opts.email ?? 'doe@example.com', password: merchant.password, transId, cardNumber: opts.card ?? SANDBOX_CARD }),
    ...opts.extra,
  };
}
