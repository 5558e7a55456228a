/**
 * The Checkout.com connector: a MID's card payments go to Checkout.com's unified payments API (per MID:
 * settings.url, e.g. https://api.sandbox.checkout.com, and settings.processingChannelId; credentials
 * { secret_key, webhook_secret } sealed with the merchant-secrets key). docs/connectors.md "Checkout.com" has the setup
 * and what is trusted of Checkout.com's answers.
 *
 *   SALE / AUTH        POST /payments with the card as source type card; capture true (SALE) or false (AUTH).
 *                      201 approved → approved, declined → declined; 202 with _links.redirect → the payer goes to
 *                      Checkout.com's 3DS page and comes back to /providers/checkout-com/return/{transId}
 *   completeChallenge  GET /payments/{id}, the id Checkout.com gave us (never one the payer brings back)
 *   CAPTURE            POST /payments/{id}/captures
 *   CREDITVOID         a refund: /refunds; a reversal of a held AUTH: /voids
 *   VOID               /voids
 *   reverseLate        a late approval after a decline: /voids (authorised) or /refunds (captured) by its id
 *                      Checkout.com answers each 202 (accepted): pending until its webhook makes us ask
 *   inquire            GET /payments/{id} (the payment) or GET /payments/{id}/actions (a follow-up, by its reference);
 *                      a payment whose answer never came is asked by the id its verified webhook names
 *   notifications      Checkout.com's webhooks at POST /providers/checkout-com/notifications, Cko-Signature checked
 *                      with the MID's webhook secret; a verified one makes the platform ask (inquire), except one about
 *                      our reversal of a late approval (trans_id.late: payment_voided / payment_refunded or their
 *                      _declined), recorded on its late outcome as it says
 *
 * Every answer read back is bound to its payment (checkout-com-binding.ts): an answer about another payment is no
 * answer. Every request carries a Cko-Idempotency-Key. A request is never sent twice by this connector: no answer, a
 * 3xx (never followed), a 5xx, or Checkout.com's "duplicate request" refusal (409 / 429) leaves the transaction
 * undetermined; another 4xx is Checkout.com refusing the request before processing it (a decline).
 */
import { createHash } from 'node:crypto';
import { SignatureError } from '../../domain/errors.js';
import { logger } from '../../lib/logger.js';
import type { SecretBox } from '../../ports/secret-box.js';
import type { Connector, ConnectorOutcome, ConnectorPaymentRequest, ConnectorScope } from '../../ports/connector.js';
import { ACTIONS, isAction } from '../../domain/actions.js';
import { AcquirerTimeoutError } from './policy.js';
import { AcquirerUrlRefusedError, type AcquirerAddressRules, declinedWhenRefused } from './http-transport.js';
import type { CheckoutComAnswer, CheckoutComTransport } from './checkout-com-transport.js';
import { checkCheckoutComSetup, checkoutComBaseUrl, type CheckoutComCredentials } from './checkout-com-setup.js';
import { answerMismatch, type ExpectedPayment } from './checkout-com-binding.js';
import { AnswerMismatchError, MISMATCH_METRIC } from './answer-binding.js';
import { noteMetric } from '../../lib/telemetry.js';
import { attemptReference } from '../../domain/acquirer-reference.js';
import {
  CHECKOUT_COM,
  CHECKOUT_COM_FINAL_EVENTS,
  parseEvent,
  signatureMatches,
  transIdOfReference,
} from '../../protocol/providers/checkout-com-webhook.js';

export { CHECKOUT_COM };
/** Prefix of the decline when Checkout.com refused a request before processing it (an HTTP 4xx answer). */
export const CKO_REQUEST_REFUSED = 'Checkout.com refused the request';
/** Prefix of the decline when this stage may not call the MID's Checkout.com URL: nothing was sent. */
export const CKO_URL_REFUSED = 'The Checkout.com URL is not allowed';
export const CKO_DECLINED = 'Declined by Checkout.com.';
export const CKO_NO_PAYMENT_ID = 'The payment has no Checkout.com payment id.';
export const CKO_NO_PAYOUTS = 'Checkout.com payouts are not supported.';
export const CKO_CARDS_ONLY = 'Checkout.com takes card payments only.';

/** Where Checkout.com sends the payer back after its 3DS page (functions/providers/checkout-com-return.ts). */
export const checkoutComReturnPath = (transId: string) => `/providers/checkout-com/return/${transId}`;

/** A payment's status that means Checkout.com approved it (later voids, captures and refunds included). */
const APPROVED_STATUSES = [
  'Authorized',
  'Card Verified',
  'Captured',
  'Partially Captured',
  'Paid',
  'Voided',
  'Refunded',
  'Partially Refunded',
];
/** Final without approval. */
const DECLINED_STATUSES = ['Declined', 'Canceled', 'Expired'];
/** Checkout.com's payment id (the document's PaymentId). */
const PAYMENT_ID = /^pay_\w{26}$/;
/** Checkout.com's "duplicate / in progress" refusals: the first request may be processing, so never a decline. */
const DUPLICATE_STATUSES = [409, 429];

interface Account {
  url: string;
  secretKey: string;
  webhookSecret: string;
  processingChannelId?: string;
}

export interface CheckoutComDeps {
  credentials: SecretBox;
  transport: CheckoutComTransport;
  rules: AcquirerAddressRules;
  /** The platform's public address (PUBLIC_BASE_URL): the payer's return from 3DS is on it. */
  publicBaseUrl: string;
}

/** Our follow-ups at Checkout.com: its path, its action type in GET /payments/{id}/actions, our reference's suffix. */
const FOLLOW_UPS = {
  capture: { path: 'captures', type: 'Capture' },
  refund: { path: 'refunds', type: 'Refund' },
  void: { path: 'voids', type: 'Void' },
} as const;
type FollowUp = keyof typeof FOLLOW_UPS;

/** Our reference suffix of a late approval's reversal (trans_id.late). */
export const LATE_REVERSAL = 'late';

/** Events a recorded payment may contradict (a hint: the platform asks Checkout.com to confirm). */
const LATE_EVENTS = new Map<string, 'approval' | 'capture-failure' | 'refund-failure'>([
  ['payment_approved', 'approval'],
  ['payment_captured', 'approval'],
  ['payment_capture_declined', 'capture-failure'],
  ['payment_refund_declined', 'refund-failure'],
]);

/** Events about the reversal of a late approval (our reference trans_id.late): whether it went through. */
const REVERSAL_EVENTS = new Map<string, boolean>([
  ['payment_voided', true],
  ['payment_refunded', true],
  ['payment_void_declined', false],
  ['payment_refund_declined', false],
]);

/** How many payment ids learned from webhooks a container keeps (the oldest go first). */
const NAMED_BY_WEBHOOK_MAX = 1000;

export function checkoutComConnector(deps: CheckoutComDeps): Connector {
  // Opened once per container and MID: the sealed blob names its own data key (SecretBox).
  const opened = new Map<string, Promise<CheckoutComCredentials>>();
  /**
   * Checkout.com's payment id as a verified webhook names it, for a payment whose own answer never came (so no id is
   * stored): the inquiry the webhook prompts, in the same invocation, asks by it. Only a hint: the answer must still
   * be about our payment (reference, amount, currency), so a wrong id is no answer, never an approval.
   */
  const namedByWebhook = new Map<string, string>();
  const paymentIdOf = (scope: ConnectorScope & { transId: string }): string | undefined =>
    scope.payment?.rrn ?? namedByWebhook.get(`${scope.mid.midId}:${scope.transId}`);

  async function account(scope: ConnectorScope): Promise<Account> {
    const { settings, credentials } = scope.mid;
    if (!settings.url || !credentials) throw new Error(`MID ${scope.mid.midId} has no Checkout.com URL or credentials`);
    let creds = opened.get(credentials.sealed);
    if (!creds) {
      creds = deps.credentials.open(credentials.sealed, credentials.context).then((json) => JSON.parse(json) as CheckoutComCredentials);
      opened.set(credentials.sealed, creds);
      creds.catch(() => opened.delete(credentials.sealed));
    }
    const { secret_key, webhook_secret } = await creds;
    return {
      url: checkoutComBaseUrl(settings.url),
      secretKey: secret_key,
      webhookSecret: webhook_secret,
      ...(settings.processingChannelId ? { processingChannelId: settings.processingChannelId } : {}),
    };
  }

  /** One call, sent once. No answer, a redirect, a 5xx or a duplicate refusal: undetermined (thrown). */
  async function call(
    a: Account,
    method: 'GET' | 'POST',
    path: string,
    signal: AbortSignal | undefined,
    post?: { json: unknown; idempotencyKey: string },
  ): Promise<CheckoutComAnswer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${a.secretKey}`,
      ...(post ? { 'cko-idempotency-key': post.idempotencyKey } : {}),
    };
    let res: CheckoutComAnswer;
    try {
      res = await deps.transport(`${a.url}${path}`, { method, headers, ...(post ? { json: post.json } : {}) }, signal);
    } catch (err) {
      // Refused before sending: nothing reached anyone (decided() turns it into a decline).
      if (err instanceof AcquirerUrlRefusedError) throw err;
      // No answer (refused connection, reset, the policy's deadline): whether Checkout.com processed it is unknown.
      throw new AcquirerTimeoutError(`Checkout.com did not answer: ${(err as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400)
      throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} (a redirect, not followed)`);
    if (DUPLICATE_STATUSES.includes(res.status))
      throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} (a duplicate or a request in progress)`);
    if (res.status >= 500) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status}`);
    if (res.status < 300 && !res.body) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} without a result`);
    return res;
  }

  /** An outcome-returning call: a URL this stage may not call is a decline, since nothing was sent. */
  const decided = (run: () => Promise<ConnectorOutcome>) => declinedWhenRefused(CKO_URL_REFUSED, run);

  /** GET /payments/{id}: the payment as Checkout.com has it, bound to ours (throws undetermined otherwise). */
  async function details(scope: ConnectorScope, expected: ExpectedPayment & { paymentId: string }): Promise<Record<string, unknown>> {
    const a = await account(scope);
    const res = await call(a, 'GET', `/payments/${encodeURIComponent(expected.paymentId)}`, scope.signal);
    if (res.status >= 400) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} to a payment lookup`);
    bound(res.body!, expected);
    return res.body!;
  }

  /** A capture, refund or void of the payment, by Checkout.com's payment id: accepted → pending (the webhook prompts). */
  function followUp(scope: ConnectorScope & { transId: string }, kind: FollowUp, attemptId: string | undefined, amount?: number) {
    return decided(async () => {
      const paymentId = scope.payment?.rrn;
      if (!paymentId) return { kind: 'declined', reason: CKO_NO_PAYMENT_ID };
      const a = await account(scope);
      const reference = followUpReference(scope.transId, kind, attemptId);
      const res = await call(a, 'POST', `/payments/${encodeURIComponent(paymentId)}/${FOLLOW_UPS[kind].path}`, scope.signal, {
        json: { ...(amount !== undefined ? { amount } : {}), reference },
        idempotencyKey: reference,
      });
      if (res.status >= 400) return requestRefused(res);
      if (res.status !== 202) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} to a ${kind}`);
      return { kind: 'pending' };
    });
  }

  return {
    name: CHECKOUT_COM,
    requiresAcceptHeader: false,

    pay: (req) =>
      decided(async () => {
        if (!req.card) return { kind: 'declined', reason: CKO_CARDS_ONLY };
        const a = await account(req);
        const returnUrl = `${deps.publicBaseUrl.replace(/\/+$/, '')}${checkoutComReturnPath(req.transId)}`;
        // Each cascade attempt is its own payment at Checkout.com: its own reference and idempotency key.
        const reference = attemptReference(req.transId, req.routingAttempt);
        const res = await call(a, 'POST', '/payments', req.signal, {
          json: paymentRequest(a, req, returnUrl, reference),
          idempotencyKey: reference,
        });
        if (res.status >= 400) return requestRefused(res);
        const b = res.body!;
        // The answer names the payment it is about; one about another payment is no answer.
        bound(b, { reference, ...(res.status === 201 ? { amount: req.amount, currency: req.currency } : {}) });
        const paymentId = typeof b.id === 'string' ? b.id : undefined;
        const redirect = linkOf(b, 'redirect');
        if (res.status === 202 && redirect)
          return {
            kind: 'challenge',
            type: '3DS',
            redirect: { url: redirect, method: 'GET', params: {} },
            ...(paymentId ? { acquirerRef: paymentId } : {}),
          };
        const outcome = paymentOutcome(b);
        return outcome.kind === 'pending' && paymentId ? { ...outcome, acquirerRef: paymentId } : outcome;
      }),

    /**
     * The payer came back from Checkout.com's 3DS page (or its webhook arrived): ask Checkout.com about the payment by
     * the id it gave us. What the payer brought back (cko-session-id) is never used: it could name another payment.
     */
    completeChallenge: (req) =>
      decided(async () => {
        const paymentId = paymentIdOf(req);
        if (!paymentId) throw new AcquirerTimeoutError(CKO_NO_PAYMENT_ID);
        return paymentOutcome(
          await details(req, { reference: req.payment?.reference ?? req.transId, amount: req.amount, currency: req.currency, paymentId }),
        );
      }),

    capture: (req) => followUp(req, 'capture', undefined, req.amount),
    // A reversal of a held authorisation is Checkout.com's void; a refund, or a reversal of a settled debit, a refund.
    refund: (req) =>
      req.reversal && !isDebit(req.payment?.action)
        ? followUp(req, 'void', req.attemptId)
        : followUp(req, 'refund', req.attemptId, req.amount),
    void: (req) => followUp(req, 'void', undefined),

    payout: async () => ({ kind: 'declined', reason: CKO_NO_PAYOUTS }),

    /**
     * Takes back a payment recorded as declined (operations/payment/internal/late-outcome.ts), by Checkout.com's payment id:
     * its status read first (GET, bound to our payment), then one request: /voids while only authorised, /refunds
     * of the whole amount once captured. Without a payment id there is nothing to name it by (no cancel by reference).
     */
    reverseLate: (req) =>
      decided(async () => {
        const paymentId = req.acquirerRef;
        if (!paymentId) return { kind: 'declined', reason: CKO_NO_PAYMENT_ID };
        const payment = await details(req, { reference: req.reference, amount: req.amount, currency: req.currency, paymentId });
        const status = typeof payment.status === 'string' ? payment.status : '';
        const kind: FollowUp | undefined =
          status === 'Authorized' ? 'void' : ['Captured', 'Partially Captured', 'Paid'].includes(status) ? 'refund' : undefined;
        if (!kind) return { kind: 'declined', reason: `Nothing to reverse: Checkout.com has the payment ${status || 'without a status'}.` };
        const a = await account(req);
        const reference = `${req.transId}.${LATE_REVERSAL}`;
        const res = await call(a, 'POST', `/payments/${encodeURIComponent(paymentId)}/${FOLLOW_UPS[kind].path}`, req.signal, {
          json: { ...(kind === 'refund' ? { amount: req.amount } : {}), reference },
          idempotencyKey: reference,
        });
        if (res.status >= 400) return requestRefused(res);
        if (res.status !== 202) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} to a ${kind}`);
        return { kind: 'pending' };
      }),

    /**
     * The payment's own transaction (SALE, AUTH …, also its 3DS completion) by GET /payments/{id}; a follow-up by its
     * reference among the payment's actions. Without Checkout.com's payment id (the payment got no answer) there is
     * nothing to ask by: unknown.
     */
    async inquire(req) {
      const paymentId = paymentIdOf(req);
      if (!paymentId) return 'unknown';
      try {
        if (!followUpOf(req.type, req.payment?.action)) {
          const outcome = paymentOutcome(
            await details(req, { reference: req.payment?.reference ?? req.transId, amount: req.amount, currency: req.currency, paymentId }),
          );
          return outcome.kind === 'approved' || outcome.kind === 'declined' ? outcome : 'unknown';
        }
        return await actionOutcome(req, paymentId);
      } catch (err) {
        if (err instanceof AcquirerUrlRefusedError) return 'unknown';
        throw err;
      }
    },

    notifications: {
      slug: CHECKOUT_COM,
      paymentOf(rawBody) {
        const reference = parseEvent(rawBody)?.reference;
        return reference ? transIdOfReference(reference) : undefined;
      },
      /** Cko-Signature with this MID's webhook secret; final: an event that reports an outcome. */
      async verify(rawBody, scope, signature) {
        const a = await account(scope);
        const event = parseEvent(rawBody);
        if (!event || !signatureMatches(rawBody, signature, a.webhookSecret)) throw SignatureError.invalid();
        if (!scope.payment.rrn && event.paymentId && PAYMENT_ID.test(event.paymentId)) {
          if (namedByWebhook.size >= NAMED_BY_WEBHOOK_MAX) namedByWebhook.delete(namedByWebhook.keys().next().value!);
          namedByWebhook.set(`${scope.mid.midId}:${scope.payment.transId}`, event.paymentId);
        }
        // About our reversal of a late approval: the signature covers its type and our reference, so it is recorded as
        // it says (there is one such reversal per payment, so a replay says the same).
        const reversed = event.reference === `${scope.payment.transId}.${LATE_REVERSAL}` ? REVERSAL_EVENTS.get(event.type) : undefined;
        if (reversed !== undefined)
          return {
            final: true,
            reversal: {
              ok: reversed,
              event: event.type,
              ...(event.summary && !reversed ? { note: `${event.type}: ${event.summary}` } : {}),
            },
          };
        // An approval hints at the payment's own transaction only (our reference without a follow-up's suffix).
        const hinted = LATE_EVENTS.get(event.type);
        const reports = hinted === 'approval' && event.reference?.includes('.') ? undefined : hinted;
        return {
          final: CHECKOUT_COM_FINAL_EVENTS.includes(event.type),
          ...(reports ? { reports: { kind: reports, event: event.type } } : {}),
        };
      },
    },

    checkSetup: (setup) => checkCheckoutComSetup(setup, deps.rules),
    normalizeSettings: (settings) => (settings.url ? { ...settings, url: checkoutComBaseUrl(settings.url) } : settings),
  };

  /** A follow-up's outcome: the action carrying its reference, of its type and amount; none yet: unknown. */
  async function actionOutcome(
    req: Parameters<NonNullable<Connector['inquire']>>[0],
    paymentId: string,
  ): Promise<ConnectorOutcome | 'unknown'> {
    const kind = followUpOf(req.type, req.payment?.action)!;
    const a = await account(req);
    const res = await call(a, 'GET', `/payments/${encodeURIComponent(paymentId)}/actions`, req.signal);
    if (res.status >= 400) throw new AcquirerTimeoutError(`Checkout.com answered HTTP ${res.status} to an actions lookup`);
    // A refund or reversal is named by its attempt (each its own); the payment's one capture and one void are not.
    const perAttempt = req.type === 'REFUND' || req.type === 'REVERSAL';
    const reference = followUpReference(req.transId, kind, perAttempt ? req.attemptId : undefined);
    const items = Array.isArray(res.body?.items) ? (res.body.items as Record<string, unknown>[]) : [];
    const action = items.find((x) => x && x.reference === reference);
    if (!action) return 'unknown';
    const wrong = [
      ...(action.type !== FOLLOW_UPS[kind].type ? ['type'] : []),
      ...(kind !== 'void' && action.amount !== req.amount ? ['amount'] : []),
    ];
    if (wrong.length) return unbound(reference, wrong);
    const id = typeof action.id === 'string' ? action.id : '';
    if (action.approved === true)
      return {
        kind: 'approved',
        rrn: paymentId,
        approvalCode: typeof action.auth_code === 'string' ? action.auth_code : '',
        ...(id ? { arn: id } : {}),
      };
    return { kind: 'declined', reason: summaryOf(action) };
  }
}

/** Throws (undetermined) unless the answer is about the payment we asked for. */
function bound(answer: Record<string, unknown>, expected: ExpectedPayment): void {
  const wrong = answerMismatch(answer, expected);
  if (wrong.length) unbound(expected.reference, wrong);
}

/** No answer, as the registry's own check (answer-binding.ts): logged, counted in its metric (alarmed), thrown. */
function unbound(reference: string, wrong: string[]): never {
  // Logged with our reference only: which fields differ, never the answer's values.
  logger.error('Checkout.com answer about another payment; transaction left undetermined', {
    connector: CHECKOUT_COM,
    reference,
    differ: wrong,
  });
  noteMetric(MISMATCH_METRIC, 1);
  throw new AnswerMismatchError(wrong);
}

/** Which follow-up an inquiry asks about, by the platform's transaction type. */
function followUpOf(type: string, action: string | undefined): FollowUp | undefined {
  if (type === 'CAPTURE') return 'capture';
  if (type === 'VOID') return 'void';
  if (type === 'REVERSAL') return isDebit(action) ? 'refund' : 'void';
  if (type === 'REFUND') return 'refund';
  return undefined;
}

/**
 * Our reference of a follow-up (also its Cko-Idempotency-Key): trans_id.capture / .void, a refund's or a reversal's
 * with a short hash of its attempt id (the reference takes 50 characters), so two partial refunds are two requests.
 */
export function followUpReference(transId: string, kind: FollowUp, attemptId: string | undefined): string {
  if (!attemptId) return `${transId}.${kind}`;
  return `${transId}.${kind[0]}.${createHash('sha256').update(attemptId).digest('hex').slice(0, 10)}`;
}

const isDebit = (action: string | undefined): boolean => !!action && isAction(action) && ACTIONS[action].debit;

/** A payment's answer (201, or GET /payments/{id}) as an outcome; Pending stays pending. */
export function paymentOutcome(b: Record<string, unknown>): ConnectorOutcome {
  const id = typeof b.id === 'string' ? b.id : '';
  const status = typeof b.status === 'string' ? b.status : '';
  // What the answer names, for the registry's check that it is about this payment (answer-binding.ts).
  const about = {
    ...(typeof b.reference === 'string' ? { reference: b.reference } : {}),
    ...(id ? { pspReference: id } : {}),
    ...(typeof b.amount === 'number' ? { amount: b.amount } : {}),
    ...(typeof b.currency === 'string' ? { currency: b.currency } : {}),
  };
  // A payment still at 3DS reads approved: false and Pending: undecided, never a decline.
  if (status === 'Pending') return { kind: 'pending', about };
  if (b.approved === true && APPROVED_STATUSES.includes(status))
    return { kind: 'approved', rrn: id, approvalCode: typeof b.auth_code === 'string' ? b.auth_code : '', about };
  if (b.approved !== true && DECLINED_STATUSES.includes(status)) {
    const retryable = typeof b.response_code === 'string' && SOFT_DECLINE_CODES.includes(b.response_code);
    return { kind: 'declined', reason: summaryOf(b), ...(id ? { rrn: id } : {}), ...(retryable ? { retryable } : {}), about };
  }
  // A status we do not know: the webhook or an operator decides.
  throw new AcquirerTimeoutError(`Checkout.com answered status ${status || 'none'}`);
}

/** A 4xx other than a duplicate refusal: Checkout.com refused the request before processing it. */
function requestRefused(res: CheckoutComAnswer): ConnectorOutcome {
  const b = res.body ?? {};
  const codes = Array.isArray(b.error_codes) ? b.error_codes.filter((c): c is string => typeof c === 'string') : [];
  const what = typeof b.error_type === 'string' && b.error_type ? b.error_type : `HTTP ${res.status}`;
  return { kind: 'declined', reason: `${CKO_REQUEST_REFUSED}: ${what}${codes.length ? ` (${codes.join(', ')})` : ''}` };
}

/**
 * Checkout.com's response codes for an issuer that could not decide now (its "soft decline" codes): 20005 Do not
 * honour, 20091 issuer unavailable, 20096 system malfunction. Routing may try the next MID on these (docs/routing.md).
 */
const SOFT_DECLINE_CODES = ['20005', '20091', '20096'];

function summaryOf(b: Record<string, unknown>): string {
  const summary = typeof b.response_summary === 'string' && b.response_summary ? b.response_summary : undefined;
  const code = typeof b.response_code === 'string' && b.response_code ? b.response_code : undefined;
  return summary ? `${summary}${code ? ` (${code})` : ''}` : CKO_DECLINED;
}

function linkOf(b: Record<string, unknown>, name: string): string | undefined {
  const links = b._links && typeof b._links === 'object' ? (b._links as Record<string, { href?: unknown }>) : {};
  const href = links[name]?.href;
  return typeof href === 'string' && /^https?:\/\//.test(href) ? href : undefined;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/** The POST /payments request: the card (never logged), captured at once for a SALE, held for an AUTH. */
function paymentRequest(a: Account, req: ConnectorPaymentRequest, returnUrl: string, reference: string): Record<string, unknown> {
  const card = req.card!;
  const payer = req.payer ?? {};
  const auth = req.authentication;
  const cof = req.cardOnFile;
  const merchantInitiated = cof?.initiator === 'merchant';
  const year = card.expYear.length === 2 ? `20${card.expYear}` : card.expYear;
  const name = [payer.firstName, payer.lastName].filter(Boolean).join(' ');
  return {
    source: {
      type: 'card',
      number: card.number,
      expiry_month: Number(card.expMonth),
      expiry_year: Number(year),
      ...(card.cvv ? { cvv: card.cvv } : {}),
      ...(card.holder ? { name: card.holder } : {}),
      ...(cof?.sequence === 'subsequent' ? { stored: true } : {}),
    },
    amount: req.amount,
    currency: req.currency,
    reference,
    capture: !req.authorize,
    ...(a.processingChannelId ? { processing_channel_id: a.processingChannelId } : {}),
    payment_type: merchantInitiated && (cof?.source === 'schedule' || cof?.source === 'recurring') ? 'Recurring' : 'Regular',
    ...(merchantInitiated ? { merchant_initiated: true } : {}),
    // 3DS done elsewhere (mpi_data, a wallet cryptogram) is passed on; a merchant-initiated payment has none; any
    // other is offered to Checkout.com's 3DS, which sends the payer to its page when the issuer asks.
    '3ds': auth
      ? {
          enabled: true,
          cryptogram: auth.value,
          ...(auth.eci ? { eci: auth.eci } : {}),
          ...(auth.protocolVersion ? { version: auth.protocolVersion } : {}),
          ...(auth.dsTransId ? { xid: auth.dsTransId } : {}),
        }
      : { enabled: !req.externalThreeDs && !merchantInitiated },
    success_url: returnUrl,
    failure_url: returnUrl,
    ...(req.description ? { description: req.description.slice(0, 100) } : {}),
    ...(req.payerIp && IPV4.test(req.payerIp) ? { payment_ip: req.payerIp } : {}),
    ...(payer.email || name ? { customer: { ...(payer.email ? { email: payer.email } : {}), ...(name ? { name } : {}) } } : {}),
  };
}
