/**
 * POST /api/v1/payment/card/credit: a payout to the card behind a card_token. The spec: "Payer is prompted for expiry
 * only, not the CVV" — so the answer is a page link, like a session's; the page shows the token's card masked and
 * asks for its expiry, then pays out (callback type credit, status lookup by payment_id or order_id).
 * payee_first_name / payee_last_name replace the name kept with the token.
 */
import type { Deps } from '../deps.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { ValidationError } from '../../domain/errors.js';
import { MESSAGES, isHttpUrl } from '../../protocol/fields.js';
import { cardCreditHash } from '../../protocol/checkout/hashes.js';
import { bodyFields, JsonFields, optional, required, type TextField } from '../../protocol/checkout/operation-request.js';
import { resolveCardToken, selectMid } from '../payment/index.js';
import { checkoutMerchant } from './merchant.js';
import { checkHash } from './lookup.js';
import { openSession } from './open-session.js';
import { savedCard } from './saved-cards.js';

/** The body, in the order it is validated; success/cancel/error_url are not in the spec's list: where the payer goes after the page (without them the page just shows the result). */
export const CARD_CREDIT_FIELDS = bodyFields({
  order_id: required(),
  order_amount: required(),
  order_currency: required(),
  order_description: required(1024),
  card_token: required(64),
  payee_first_name: optional(32),
  payee_last_name: optional(32),
  success_url: optional(1024),
  cancel_url: optional(1024),
  error_url: optional(1024),
  hash: required(),
});
const F = CARD_CREDIT_FIELDS;

/** How long the payer has to confirm the payout (the session default). */
const PAYOUT_LINK_MINUTES = 60;

export async function cardCredit(
  d: Pick<Deps, 'config' | 'merchants' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<{ redirectUrl: string }> {
  const f = JsonFields.parse(rawBody);
  const orderId = f.read(F.order_id);
  const amountText = f.read(F.order_amount);
  const currencyCode = f.read(F.order_currency);
  const description = f.read(F.order_description);
  const cardToken = f.read(F.card_token);
  const first = f.read(F.payee_first_name);
  const last = f.read(F.payee_last_name);
  const urls = {
    success: url(f, F.success_url),
    cancel: url(f, F.cancel_url),
    error: url(f, F.error_url),
  };
  f.read(F.hash);
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

function url(f: JsonFields, field: TextField<'optional'>): string | undefined {
  const value = f.read(field);
  if (value !== undefined && !isHttpUrl(value)) return f.fail(field.name, MESSAGES.url);
  return value;
}
