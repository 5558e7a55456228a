/**
 * POST /api/v1/session/token: validate (400) → merchant_key and hash (401, the same answer for an unknown key and a wrong hash) → a MID can take it → store the session
 * → {"token"}. customer.ip, when omitted, is the IP of the caller of this endpoint (the merchant backend).
 */
import { sentLanguage } from '../../protocol/checkout/page/i18n.js';
import { maskCardNumbers } from '../../protocol/pan-mask.js';
import type { Deps } from '../../deps.js';
import { hashEquals } from '../../protocol/signature.js';
import { sessionHash } from '../../protocol/checkout/hashes.js';
import { toFormValue } from '../../protocol/checkout/json.js';
import { readTokenRequest, sentSuccessUrl } from '../../protocol/hosted-fields/token-request.js';
import { SessionTokenAuthError } from '../../protocol/hosted-fields/errors.js';
import type { HostedSession } from './session.js';
import { hostedFieldsTokenHash, newHostedFieldsToken } from './session.js';
import { selectMid } from '../payment/routing.js';
import { authenticateMerchant } from '../auth/authenticate.js';
import { sessionSchedule } from '../checkout/session-schedule.js';
import { logger } from '../../logger.js';

export async function createSessionToken(d: Deps, rawBody: string, callerIp: string): Promise<{ token: string }> {
  const req = readTokenRequest(rawBody);
  const { body } = req;
  // An unknown key fails the hash check below, like a wrong hash (no key enumeration).
  const { merchant, mids } = await authenticateMerchant(d, body.merchant_key, callerIp);
  if (!hashEquals(sessionHash(merchant, body.order), body.hash)) throw new SessionTokenAuthError();
  // Refuse a session no MID can serve now, rather than after the payer typed their card.
  selectMid(mids, { authorize: body.auth === true, sale: req.operation === 'purchase', zeroAmount: req.amount === 0 });
  const schedule = await sessionSchedule(d, merchant.clientKey, body, { amount: req.amount, currency: req.currency });

  const token = newHostedFieldsToken();
  const now = d.clock.now();
  const session: HostedSession = {
    tokenHash: hostedFieldsTokenHash(token),
    paymentId: d.newId(),
    clientKey: merchant.clientKey,
    operation: req.operation,
    methods: ['card'],
    order: { number: body.order.number, amount: req.amount, currency: req.currency, description: body.order.description },
    customer: body.customer && { name: body.customer.name, email: body.customer.email, birthDate: body.customer.birth_date },
    billingAddress: req.billingAddress,
    language: sentLanguage(body.billing_address?.language),
    successUrl: sentSuccessUrl(req) ?? req.returnUrl,
    cancelUrl: body.cancel_url,
    expiryUrl: body.expiry_url,
    errorUrl: body.error_url,
    urlTarget: body.url_target,
    reqToken: body.req_token === true && !body.card_token?.length,
    recurringInit: body.recurring_init === true,
    scheduleId: schedule.scheduleId,
    scheduleStartDate: schedule.scheduleStartDate,
    paymentScheduleAmount: schedule.paymentScheduleAmount,
    auth: body.auth === true,
    channelId: body.channel_id,
    // Card numbers in the free-form objects are kept (and echoed) masked only.
    customData: body.custom_data && (toFormValue(maskCardNumbers(body.custom_data)) as Record<string, unknown>),
    parameters: body.parameters && maskCardNumbers(body.parameters),
    state: 'open',
    hostedFields: { returnUrl: req.returnUrl, customerIp: req.customerIp ?? callerIp },
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + req.sessionExpiryMinutes * 60_000).toISOString(),
    version: 1,
  };
  await d.checkoutSessions.create(session);
  logger.info('hosted fields session created', { clientKey: merchant.clientKey, paymentId: session.paymentId });
  return { token };
}
