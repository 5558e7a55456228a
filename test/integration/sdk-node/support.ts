/** A merchant integration with @open-payments/node against the local platform: the client and sample requests. */
import { OpenPayments, type DebitRequest, type SaleRequest } from '@open-payments/node';
import type { Merchant } from '../../../shared/domain/merchant.js';

export const CARD = '4111111111111111';
export const PAYOUT_CARD = '4601541833776519';
export const EMAIL = 'doe@example.com';

export const uid = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export function sdkFor(
  baseUrl: string,
  merchant: Merchant,
  over: Partial<ConstructorParameters<typeof OpenPayments>[0]> = {},
): OpenPayments {
  return new OpenPayments({ baseUrl, clientKey: merchant.clientKey, password: merchant.password, retry: { baseDelayMs: 20 }, ...over });
}

/** A SALE with the card itself (no token): a DEBIT may send it as well. */
type CardSale = SaleRequest & Pick<DebitRequest, 'card_number' | 'card_exp_month' | 'card_exp_year' | 'card_cvv2'>;

/** A SALE of the sandbox card; the expiry month picks the outcome (README "Sandbox test cards"). */
export function sale(month = '01', over: Partial<SaleRequest> = {}): CardSale {
  return {
    order_id: uid('S'),
    order_amount: '10.00',
    order_currency: 'USD',
    order_description: 'Shoes',
    card_number: CARD,
    card_exp_month: month,
    card_exp_year: '2038',
    card_cvv2: '123',
    payer_first_name: 'John',
    payer_last_name: 'Doe',
    payer_email: EMAIL,
    payer_phone: '199999999',
    payer_ip: '203.0.113.7',
    term_url_3ds: 'https://shop.example/return',
    ...over,
  };
}

export const apmSale = (identifier = 'success@gmail.com') => ({
  brand: 'vcard',
  identifier,
  order_id: uid('APM'),
  order_amount: '10.00',
  order_currency: 'USD',
  order_description: 'Shoes',
  payer_ip: '203.0.113.7',
  return_url: 'https://shop.example/return',
});
