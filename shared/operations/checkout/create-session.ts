/**
 * POST /api/v1/session: validate → merchant → hash (§2.3 Authentication) → a MID can take it → the card_token cards
 * exist → store the session → the page link. The payer's page is the only thing that can use the link; it carries no ids.
 */
import type { Deps } from '../deps.js';
import { InvalidHashError } from '../../domain/errors.js';
import { hashMatches } from '../../protocol/signature.js';
import { readSessionRequest } from '../../protocol/checkout/session-request.js';
import { sessionHash } from '../../protocol/checkout/hashes.js';
import { isMoto, selectMid } from '../payment/index.js';
import { checkoutMerchant } from './merchant.js';
import { openSession } from './open-session.js';
import { resolveSavedCards } from './saved-cards.js';
import { sessionMethods } from './methods.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import { sessionSchedule } from './session-schedule.js';
import { commonSessionFields } from './session-draft.js';

export async function createSession(
  d: Pick<Deps, 'config' | 'merchants' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault' | 'schedules' | 'apmConnectors'>,
  rawBody: string,
  callerIp: string | undefined,
): Promise<{ redirectUrl: string }> {
  const req = readSessionRequest(rawBody);
  const { body } = req;
  const { merchant, mids } = await checkoutMerchant(d, body.merchant_key, callerIp);
  if (!hashMatches(sessionHash(merchant, body.order), body.hash)) throw new InvalidHashError();
  // Refuse a session no MID can serve now, rather than after the payer typed their card.
  // A purchase may be held on a DMS MID; a MOTO type needs a MOTO-enabled MID (204025).
  selectMid(mids, {
    authorize: body.auth === true,
    sale: req.operation === 'purchase',
    moto: isMoto(body.moto_type),
    zeroAmount: req.amount === 0,
  });
  // Alternative methods only through the merchant's own MIDs: an upstream-only merchant is offered no sandbox brand.
  const methods = sessionMethods(req.operation, body.methods, merchant.methods, req.currency, d.apmConnectors.forMids(mids));
  const schedule = await sessionSchedule(d, merchant.clientKey, body, { amount: req.amount, currency: req.currency });
  const savedCards = await resolveSavedCards(d, merchant.clientKey, body.card_token);

  const { redirectUrl } = await openSession(
    d,
    {
      clientKey: merchant.clientKey,
      operation: req.operation,
      methods,
      ...commonSessionFields(req, schedule),
      successUrl: body.success_url,
      cardToken: body.card_token,
      savedCards,
      motoType: body.moto_type,
      payee: body.payee && maskCardNumbers(body.payee, { anyPanLike: true }),
      payeeBillingAddress: body.payee_billing_address && maskCardNumbers(body.payee_billing_address, { anyPanLike: true }),
    },
    req.sessionExpiryMinutes,
  );
  return { redirectUrl };
}
