/**
 * POST /api/v1/session: validate → merchant → hash (§2.3 Authentication) → a MID can take it → store the session →
 * the page link. The payer's page is the only thing that can use the link; it carries no ids.
 */
import type { Deps } from '../../deps.js';
import { InvalidHashError } from '../../errors.js';
import { hashEquals } from '../../protocol/signature.js';
import { readSessionRequest } from '../../protocol/checkout/session-request.js';
import { sessionHash } from '../../protocol/checkout/hashes.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import { selectMid } from '../payment/routing.js';
import { checkoutMerchant } from './merchant.js';
import { newSessionToken, sessionTokenHash } from './session-token.js';
import { logger } from '../../logger.js';

export async function createSession(d: Deps, rawBody: string): Promise<{ redirectUrl: string }> {
  const req = readSessionRequest(rawBody);
  const { body } = req;
  const { merchant, mids } = await checkoutMerchant(d, body.merchant_key);
  if (!hashEquals(sessionHash(merchant, body.order), body.hash)) throw new InvalidHashError();
  // Refuse a session no MID can serve now, rather than after the payer typed their card.
  selectMid(mids, { authorize: body.auth === true, zeroAmount: req.amount === 0 });

  const token = newSessionToken();
  const now = d.clock.now();
  const session: CheckoutSession = {
    tokenHash: sessionTokenHash(token),
    paymentId: d.newId(),
    clientKey: merchant.clientKey,
    operation: req.operation,
    methods: body.methods ?? ['card'],
    order: { number: body.order.number, amount: req.amount, currency: req.currency, description: body.order.description },
    customer: body.customer && { name: body.customer.name, email: body.customer.email, birthDate: body.customer.birth_date },
    billingAddress: req.billingAddress,
    language: body.billing_address?.language?.trim().toLowerCase() || undefined,
    successUrl: body.success_url,
    cancelUrl: body.cancel_url,
    expiryUrl: body.expiry_url,
    errorUrl: body.error_url,
    urlTarget: body.url_target,
    reqToken: body.req_token === true && !body.card_token?.length,
    cardToken: body.card_token,
    recurringInit: body.recurring_init === true,
    scheduleId: body.schedule_id,
    auth: body.auth === true,
    channelId: body.channel_id,
    customData: body.custom_data && (toFormValue(body.custom_data) as Record<string, unknown>),
    parameters: body.parameters,
    payee: body.payee,
    payeeBillingAddress: body.payee_billing_address,
    state: 'open',
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + req.sessionExpiryMinutes * 60_000).toISOString(),
    version: 1,
  };
  await d.checkoutSessions.create(session);
  logger.info('checkout session created', { clientKey: merchant.clientKey, paymentId: session.paymentId });
  return { redirectUrl: `${d.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/auth/${token}` };
}
