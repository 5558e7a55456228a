/**
 * POST /api/v1/session: validate → merchant → hash (§2.3 Authentication) → a MID can take it → the card_token cards
 * exist → store the session → the page link. The payer's page is the only thing that can use the link; it carries no ids.
 */
import { sentLanguage } from '../../protocol/checkout/page/i18n.js';
import type { Deps } from '../../deps.js';
import { InvalidHashError } from '../../errors.js';
import { hashEquals } from '../../protocol/signature.js';
import { readSessionRequest } from '../../protocol/checkout/session-request.js';
import { sessionHash } from '../../protocol/checkout/hashes.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import { isMoto, selectMid } from '../payment/routing.js';
import { checkoutMerchant } from './merchant.js';
import { openSession } from './open-session.js';
import { resolveSavedCards } from './saved-cards.js';
import { sessionMethods } from './methods.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import { sessionSchedule } from './session-schedule.js';

export async function createSession(d: Deps, rawBody: string, callerIp: string | undefined): Promise<{ redirectUrl: string }> {
  const req = readSessionRequest(rawBody);
  const { body } = req;
  const { merchant, mids } = await checkoutMerchant(d, body.merchant_key, callerIp);
  if (!hashEquals(sessionHash(merchant, body.order), body.hash)) throw new InvalidHashError();
  // Refuse a session no MID can serve now, rather than after the payer typed their card.
  // A purchase may be held on a DMS MID; a MOTO type needs a MOTO-enabled MID (204025).
  selectMid(mids, { authorize: body.auth === true, sale: req.operation === 'purchase', moto: isMoto(body.moto_type), zeroAmount: req.amount === 0 });
  const methods = sessionMethods(req.operation, body.methods, merchant.methods);
  const schedule = await sessionSchedule(d, merchant.clientKey, body, { amount: req.amount, currency: req.currency });
  const savedCards = await resolveSavedCards(d, merchant.clientKey, body.card_token);

  const { redirectUrl } = await openSession(
    d,
    {
      clientKey: merchant.clientKey,
      operation: req.operation,
      methods,
      order: { number: body.order.number, amount: req.amount, currency: req.currency, description: body.order.description },
      customer: body.customer && { name: body.customer.name, email: body.customer.email, birthDate: body.customer.birth_date },
      billingAddress: req.billingAddress,
      language: sentLanguage(body.billing_address?.language),
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      expiryUrl: body.expiry_url,
      errorUrl: body.error_url,
      urlTarget: body.url_target,
      // protocol.md §5.1: req_token is ignored when card_token is sent.
      reqToken: body.req_token === true && !body.card_token?.length,
      cardToken: body.card_token,
      savedCards,
      recurringInit: body.recurring_init === true,
      scheduleId: schedule.scheduleId,
      scheduleStartDate: schedule.scheduleStartDate,
      paymentScheduleAmount: schedule.paymentScheduleAmount,
      auth: body.auth === true,
      motoType: body.moto_type,
      channelId: body.channel_id,
      // Card numbers in the free-form objects are kept (and echoed) masked only, whatever their JSON type.
      customData: body.custom_data && (toFormValue(maskCardNumbers(body.custom_data)) as Record<string, unknown>),
      parameters: body.parameters && maskCardNumbers(body.parameters),
      payee: body.payee && maskCardNumbers(body.payee, { anyPanLike: true }),
      payeeBillingAddress: body.payee_billing_address && maskCardNumbers(body.payee_billing_address, { anyPanLike: true }),
    },
    req.sessionExpiryMinutes,
  );
  return { redirectUrl };
}
