/**
 * What every S2S CARD action shares: the idempotency claim around its work, the callback recorder that turns a
 * protocol-neutral PaymentEvent into S2S CARD callback fields, and the redirect answer for 3DS / REDIRECT.
 */
import { onPayerStep } from '../../domain/payment-machine/index.js';
import { randomBytes } from 'node:crypto';
import type { Action, Payment } from '../../domain/payment.js';
import {
  type CallbackRecorder,
  type PaymentEvent,
  requestKey,
  storedAnswer,
  type FollowUpClaim,
  type ChargeInput,
} from '../payment/index.js';
import { chargeScreened } from '../risk/screened-charge.js';
import { s2sCardCallbackFields, type S2sCardEvent } from '../../protocol/s2s-card/callback.js';
import { paymentResult, type RedirectInfo } from '../../protocol/s2s-card/responses.js';
import { s2sWireEvent } from '../../protocol/s2s/events.js';
import { logger } from '../../lib/logger.js';
import { paymentVerifier } from './follow-up-verifier.js';
import type { S2sCardRequest, S2sCardResponse } from './action.js';
import { s2sCallbackRecorder, s2sOnce } from '../s2s/pipeline.js';

export function idempotencyKey(clientKey: string, rawBody: string, style = 'object'): string {
  return requestKey(clientKey, style, rawBody);
}

/** Runs an action once per identical request (see runOnce; CAPTURE, VOID, CREDITVOID: follow-up-action.ts). */
export function once(
  req: S2sCardRequest,
  replay: boolean,
  run: (key: string, followUp: FollowUpClaim) => Promise<S2sCardResponse>,
): Promise<S2sCardResponse> {
  return s2sOnce(req, replay, () => idempotencyKey(req.config.merchant.clientKey, req.rawBody, req.redirectParamsStyle), run);
}

export { storedAnswer };

/**
 * The tail every payment-creating S2S CARD action shares: charge once per identical request (the claim is taken with
 * the payment's reservation) and answer like SALE, with redirect_* for a 3DS / REDIRECT step.
 */
export function chargeOnce(
  req: S2sCardRequest,
  action: Action,
  input: Omit<ChargeInput, 'clientKey' | 'protocol' | 'action'>,
  /** Fields an action adds to the answer (a wallet SALE: digital_wallet, pan_type, the masked card). */
  extra: (p: Payment) => Record<string, unknown> = () => ({}),
): Promise<S2sCardResponse> {
  return once(req, true, async (key) => {
    const answer = (p: Payment, result: string) => ({ ...paymentResult(action, result, p, redirectInfo(req, p)), ...extra(p) });
    const { payment, event } = await chargeScreened(
      req.deps,
      {
        ...input,
        clientKey: req.config.merchant.clientKey,
        protocol: 's2s-card',
        action,
        followUpVerifier: (p) => paymentVerifier(req.config.merchant, p),
      },
      { callbacks: s2sRecorder(req), idempotency: storedAnswer(key, (p, e) => answer(p, e.result)) },
    );
    // On the invocation's one log line (which already names the merchant and the payment), not a line of its own.
    logger.appendKeys({ action, status: payment.status });
    return { statusCode: 200, body: answer(payment, event.result) };
  });
}

/** The order part of a charge, from the protocol's order fields. */
export function orderOf(order: { orderId: string; description: string; amount: number; currency: string }) {
  return { orderId: order.orderId, orderDescription: order.description, amount: order.amount, currency: order.currency };
}

/** S2S CARD words for a protocol-neutral event (refunds also carry refund_amount). */
export function wireEvent(p: Payment, e: PaymentEvent): S2sCardEvent {
  return s2sWireEvent(p, e, { refundAmount: true });
}

/** Records S2S CARD callbacks; a 3DS / redirect step is not final, so it sends none. */
export function s2sRecorder(req: Pick<S2sCardRequest, 'config'> & { deps: Pick<S2sCardRequest['deps'], 'newId'> }): CallbackRecorder {
  const { merchant } = req.config;
  return s2sCallbackRecorder(merchant, req.deps, (p, e) => s2sCardCallbackFields(p, merchant, wireEvent(p, e), e.date));
}

export function newChallengeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** REDIRECT answer: the platform's own authentication page, reached by POSTing redirect_params to redirect_url. */
export function redirectInfo(req: S2sCardRequest, p: Payment): RedirectInfo | undefined {
  if (!onPayerStep(p.status)) return undefined;
  // An acquirer with its own page (the upstream connector): passed through as the acquirer gave it.
  const acquirer = p.details.acquirerRedirect;
  const params = acquirer?.params ?? { PaReq: p.details.challengeToken ?? '', MD: p.transId };
  return {
    redirect_url: acquirer?.url ?? `${req.deps.config.PUBLIC_BASE_URL}/threeds/${p.transId}`,
    redirect_method: acquirer?.method ?? 'POST',
    redirect_params: req.redirectParamsStyle === 'list' ? Object.entries(params).map(([name, value]) => ({ name, value })) : params,
  };
}
