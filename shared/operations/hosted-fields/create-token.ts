/**
 * POST /api/v1/session/token: validate (400) → merchant_key and hash (401, the same answer for an unknown key and a wrong hash) → a MID can take it → store the session
 * → {"token"}. customer.ip, when omitted, is the IP of the caller of this endpoint (the merchant backend).
 */
import type { Deps } from '../deps.js';
import { hashMatches } from '../../protocol/signature.js';
import { sessionHash } from '../../protocol/checkout/hashes.js';
import { readTokenRequest } from '../../protocol/hosted-fields/token-request.js';
import type { TokenAnswer } from '../../protocol/hosted-fields/answers.js';
import { SessionTokenAuthError } from '../../domain/errors.js';
import type { HostedSession } from './session.js';
import { hostedFieldsTokenHash, newHostedFieldsToken } from './session.js';
import { selectMid } from '../payment/index.js';
import { authenticateMerchant } from '../auth/authenticate.js';
import { sessionSchedule } from '../checkout/session-schedule.js';
import { commonSessionFields } from '../checkout/session-draft.js';
import { logger } from '../../lib/logger.js';
import { onMerchantClock } from '../clock/merchant-clocks.js';

export async function createSessionToken(
  stage: Pick<Deps, 'merchants' | 'clock' | 'newId' | 'checkoutSessions' | 'schedules'>,
  rawBody: string,
  callerIp: string,
): Promise<TokenAnswer> {
  const req = readTokenRequest(rawBody);
  const { body } = req;
  // An unknown key fails the hash check below, like a wrong hash (no key enumeration).
  const { merchant, mids } = await authenticateMerchant(stage, body.merchant_key, callerIp);
  // The session's times are its merchant's (its test clock in a sandbox: docs/test-clock.md).
  const d = await onMerchantClock(stage, merchant.clientKey);
  if (!hashMatches(sessionHash(merchant, body.order), body.hash)) throw new SessionTokenAuthError();
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
    ...commonSessionFields(req, schedule),
    successUrl: body.success_url ?? body.return_url,
    state: 'open',
    hostedFields: { returnUrl: body.return_url, customerIp: body.customer?.ip ?? callerIp },
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + req.sessionExpiryMinutes * 60_000).toISOString(),
    version: 1,
  };
  await d.checkoutSessions.create(session);
  logger.info('hosted fields session created', { clientKey: merchant.clientKey, paymentId: session.paymentId });
  return { token };
}
