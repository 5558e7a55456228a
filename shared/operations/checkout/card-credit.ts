/**
 * POST /api/v1/payment/card/credit: a payout to the card behind a card_token. payee_first_name / payee_last_name
 * override the name kept with the token. The spec's payer prompt for the expiry is not built yet: the payout uses the
 * expiry stored with the token.
 */
import type { Deps } from '../../deps.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { ValidationError } from '../../errors.js';
import { cardCreditHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { recurringBody } from '../../protocol/checkout/responses.js';
import { charge, resolveCardToken, selectMid } from '../payment/index.js';
import { checkoutCallbacks } from './callbacks.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash } from './lookup.js';

export async function cardCredit(d: Deps, rawBody: string): Promise<unknown> {
  const f = JsonFields.parse(rawBody);
  const orderId = f.required('order_id');
  const amountText = f.required('order_amount');
  const currencyCode = f.required('order_currency');
  const description = f.required('order_description', 1024);
  const cardToken = f.required('card_token', 64);
  const first = f.optional('payee_first_name', 32);
  const last = f.optional('payee_last_name', 32);
  f.required('hash');
  let amount = 0;
  try {
    if (currencyCode && amountText) amount = parseAmount(amountText, parseCurrency(currencyCode), 'order_amount').minor;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    f.errors.push(...err.fieldErrors);
  }
  if (amountText && currencyCode && amount === 0 && f.errors.length === 0) f.fail('order_amount', 'This value should be greater than 0.');
  f.throwIfInvalid();
  const { merchant, mids } = await checkoutMerchant(d, f.body.merchant_key);
  checkHash(cardCreditHash(merchant, { orderId, amount: amountText, currency: currencyCode, description }), f.body.hash);
  const entry = await resolveCardToken(d, merchant.clientKey, cardToken);
  const holder = first || last ? [first, last].filter(Boolean).join(' ') : entry.card.holder;
  const { payment } = await charge(
    d,
    {
      clientKey: merchant.clientKey,
      protocol: 'checkout',
      action: 'CREDIT2CARD',
      transactionType: 'CREDIT2CARD',
      orderId,
      orderDescription: description,
      amount,
      currency: currencyCode,
      mid: selectMid(mids, { authorize: false }),
      card: { ...entry.card, holder },
      payerEmail: entry.meta.payerEmail,
      authorize: false,
      payout: true,
      externalThreeDs: true,
      details: { customerName: holder, payeeFirstName: first, payeeLastName: last },
      cardToken,
      issueCardToken: false,
      issueRecurringToken: false,
    },
    { callbacks: checkoutCallbacks(d, merchant) },
  );
  return recurringBody(payment);
}
