/**
 * AUTH: the spec lists it among the S2S CARD actions ("SALE, AUTH, DEBIT, ..."; payer_language "SALE, AUTH, DEBIT
 * ..."). It is an authorization: the same request, Formula 1 hash and answers as SALE with auth=Y, whatever `auth`
 * says; the answer and callbacks name it AUTH, as every answer names the action that was sent.
 */
import type { S2sCardAction } from './action.js';
import { runSale, saleFields } from './sale.js';
import { WALLET_SALE_FIELDS } from './wallet-sale.js';

export const auth: S2sCardAction = {
  action: 'AUTH',
  fields: saleFields(true),
  variants: { wallet: WALLET_SALE_FIELDS },
  run: (req) => runSale({ ...req, form: { ...req.form, auth: 'Y' } }, 'AUTH'),
};
