/**
 * POST /api/v1/payment/card/credit: a payout to the card behind a card_token. The spec: "Payer is prompted for expiry
 * only, not the CVV" — so the answer is a page link, like a session's; the page shows the token's card masked and
 * asks for its expiry, then pays out (callback type credit, status lookup by payment_id or order_id).
 * payee_first_name / payee_last_name replace the name kept with the token.
 */
import type { Deps } from '../deps.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { ValidationError } from '../../errors.js';
import { MESSAGES, isHttpUrl } from '../../protocol/fields.js';
import { cardCreditHash } from '../../protocol/checkout/hashes.js';
import { JsonFields } from '../../protocol/checkout/operation-request.js';
import { resolveCardToken, selectMid } from '../payment/index.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash } from './lookup.js';
import { openSession } from './open-session.js';
import { savedCard } from './saved-cards.js';

/** How long the payer has to confirm the payout (the session default). */
const PAYOUT_LINK_MINUTES = 60;

export async function cardCredit(
  d: Pick<Deps, 'config' | 'merchants' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<{ redirectUrl: string }> {
  const f = JsonFields.parse(rawBody);
  const orderId = f.required('order_id');
  const amountText = f.required('order_amount');
  const currencyCode = f.required('order_currency');
  const description = f.required('order_description', 1024);
  const cardToken = f.required('card_token', 64);
  const first = f.optional('payee_first_name', 32);
  const last = f.optional('payee_last_name', 32);
  // Not in the spec's list: where the payer goes after the page (without them the page just shows the result).
  const urls = {
    success: url(f, 'success_url'),
    cancel: url(f, 'cancel_url'),
    error: url(f, 'error_url'),
  };
  f.required('hash');
  let amount = 0;
  let currency = currencyCode;
  try {
    if (currencyCode && amountText) {
      const c = parseCurrency(currencyCode, 'order_currency');
      currency = c.code;
      amount = parseAmount(amountText, c, 'order_amount').minor;
    }
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    f.errors.push(...err.fieldErrors);
  }
  if (amountText && currencyCode && amount === 0 && f.errors.length === 0) f.fail('order_amount', MESSAGES.positive);
  f.throwIfInvalid();
  const { merchant, mids } = await checkoutMerchant(d, f.body.merchant_key, callerIp);
  checkHash(cardCreditHash(merchant, { orderId, amount: amountText, currency: currencyCode, description }), f.body.hash);
  const entry = await resolveCardToken(d, merchant.clientKey, cardToken);
  selectMid(mids, { authorize: false });
  const holder = first || last ? [first, last].filter(Boolean).join(' ') : entry.card.holder;

  const { redirectUrl } = await openSession(
    d,
    {
      clientKey: merchant.clientKey,
      operation: 'credit',
      methods: ['card'],
      order: { number: orderId, amount, currency, description },
      customer: { name: holder, email: entry.meta.payerEmail },
      successUrl: urls.success ?? '',
      cancelUrl: urls.cancel,
      errorUrl: urls.error,
      reqToken: false,
      cardToken: [cardToken],
      savedCards: [savedCard(cardToken, entry)],
      savedCardsOnly: true,
      payeeName: first || last ? { first, last } : undefined,
      recurringInit: false,
      auth: false,
    },
    PAYOUT_LINK_MINUTES,
  );
  return { redirectUrl };
}

function url(f: JsonFields, name: string): string | undefined {
  const value = f.optional(name, 1024);
  if (value !== undefined && !isHttpUrl(value)) return f.fail(name, MESSAGES.url);
  return value;
}
