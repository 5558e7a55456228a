/** Builders for signed S2S CARD requests, as a merchant's backend would send them. */
import { formula1, formula1Token, formula2, formula5, formula7 } from '../../shared/protocol/signature.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import type { FormValue } from '../../shared/protocol/form.js';

export const SANDBOX_CARD = '4111111111111111';

export function saleFields(
  merchant: Merchant,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
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
    fields.hash = formula1({
      email: fields.payer_email as string,
      password: merchant.password,
      cardNumber: (fields.card_number as string | undefined) ?? '',
    });
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

/** A SALE paid with a card_token instead of card data (hash Formula 1-token). */
export function tokenSaleFields(
  merchant: Merchant,
  cardToken: string,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  const fields = saleFields(merchant, {
    card_number: undefined,
    card_exp_month: undefined,
    card_exp_year: undefined,
    card_cvv2: undefined,
    card_token: cardToken,
    hash: undefined,
    ...overrides,
  });
  if (!('hash' in overrides)) fields.hash = formula1Token({ email: fields.payer_email as string, password: merchant.password, cardToken });
  return fields;
}

/** RECURRING_SALE / RECURRING_DEBIT on an initial pair; the hash uses the initial payment's email and card. */
export function recurringFields(
  merchant: Merchant,
  pair: { transId: string; token: string },
  overrides: Record<string, FormValue | undefined> = {},
  opts: { action?: string; email?: string; card?: string } = {},
): Record<string, FormValue | undefined> {
  return {
    action: opts.action ?? 'RECURRING_SALE',
    client_key: merchant.clientKey,
    order_id: `rec-${Math.random().toString(36).slice(2, 10)}`,
    order_amount: '5.00',
    order_description: 'Monthly',
    recurring_first_trans_id: pair.transId,
    recurring_token: pair.token,
    hash: formula1({ email: opts.email ?? 'doe@example.com', password: merchant.password, cardNumber: opts.card ?? SANDBOX_CARD }),
    ...overrides,
  };
}

export const PAYOUT_CARD = '4601541833776519';

/** CREDIT2CARD (Formula 5). */
export function credit2cardFields(
  merchant: Merchant,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  const fields: Record<string, FormValue | undefined> = {
    action: 'CREDIT2CARD',
    client_key: merchant.clientKey,
    order_id: `payout-${Math.random().toString(36).slice(2, 10)}`,
    order_amount: '25.00',
    order_currency: 'USD',
    order_description: 'Payout',
    card_number: PAYOUT_CARD,
    ...overrides,
  };
  if (!('hash' in overrides))
    fields.hash = formula5({ password: merchant.password, cardNumber: (fields.card_number as string | undefined) ?? '' });
  return fields;
}

/** CARD2CARD (Formula 1 over the payer card). */
export function card2cardFields(
  merchant: Merchant,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  const fields: Record<string, FormValue | undefined> = {
    action: 'CARD2CARD',
    client_key: merchant.clientKey,
    order_id: `c2c-${Math.random().toString(36).slice(2, 10)}`,
    order_amount: '15.00',
    order_currency: 'USD',
    order_description: 'Transfer',
    payer_card_number: SANDBOX_CARD,
    payer_card_exp_month: '01',
    payer_card_exp_year: '2038',
    payer_card_cvv2: '123',
    payee_card_number: PAYOUT_CARD,
    payer_email: 'doe@example.com',
    payer_ip: '10.0.0.1',
    term_url_3ds: 'https://merchant.example/3ds-return',
    ...overrides,
  };
  if (!('hash' in overrides)) {
    fields.hash = formula1({
      email: fields.payer_email as string | undefined,
      password: merchant.password,
      cardNumber: (fields.payer_card_number as string | undefined) ?? '',
    });
  }
  return fields;
}

/** GET_TRANS_STATUS_BY_ORDER with Formula 2 over order_id (= Formula 7), or over a given trans_id. */
export function byOrderFields(
  merchant: Merchant,
  orderId: string,
  opts: { transId?: string; email?: string; card?: string } = {},
): Record<string, FormValue | undefined> {
  return {
    action: 'GET_TRANS_STATUS_BY_ORDER',
    client_key: merchant.clientKey,
    order_id: orderId,
    hash: opts.transId
      ? formula2({
          email: opts.email ?? 'doe@example.com',
          password: merchant.password,
          transId: opts.transId,
          cardNumber: opts.card ?? SANDBOX_CARD,
        })
      : formula7({ email: opts.email ?? 'doe@example.com', password: merchant.password, orderId, cardNumber: opts.card ?? SANDBOX_CARD }),
  };
}
