/**
 * The Adyen connector: a MID's card payments go to Adyen's Checkout API (v71; per MID: settings.url, e.g.
 * https://checkout-test.adyen.com/v71, and settings.merchantAccount; credentials { api_key, hmac_key } sealed with
 * the merchant-secrets key). docs/connectors.md "Adyen" has the setup and what is trusted of Adyen's answers.
 *
 *   SALE / AUTH        POST /payments with the raw card (paymentMethod type scheme: the merchant account must be
 *                      enabled for raw card data at Adyen). SALE captures at once (captureDelayHours 0), AUTH holds
 *                      (additionalData.manualCapture). Authorised → approved, Refused / Cancelled / Error → declined,
 *                      Received / Pending → pending, RedirectShopper (3DS on Adyen's page) → the action passed to the
 *                      payer; Adyen sends the payer back to /providers/adyen/return/{transId}
 *   completeChallenge  POST /payments/details with what the payer brought back (redirectResult)
 *   CAPTURE            POST /payments/{pspReference}/captures
 *   CREDITVOID         a refund: /refunds; a reversal of a held AUTH: /cancels (the whole authorisation)
 *   VOID               /reversals (a payment settled today: Adyen cancels it, or refunds it once captured)
 *   reverseLate        a late approval after a decline: /reversals by its pspReference; a payment never answered
 *                      when the reconciler gives up: the technical cancel, POST /cancels by our reference
 *                      Adyen answers each "received": pending until its CAPTURE, REFUND, CANCELLATION or
 *                      CANCEL_OR_REFUND webhook decides it
 *   notifications      Adyen's standard webhooks at POST /providers/adyen/notifications: each item's HMAC is
 *                      checked with the MID's HMAC key (adyen-webhook.ts), and a signed item's outcome is applied
 *                      (operations/providers/adyen-notification.ts)
 *
 * Every answer reports what it names (merchantReference or a follow-up's reference, pspReference or
 * paymentPspReference, amount): the registry binds it to the payment (answer-binding.ts), so a /payments/details
 * answer about another payment (a payer bringing back another payment's redirectResult) is no answer here.
 *
 * Every request carries Adyen's Idempotency-Key: the payment's reference — our trans_id, with the cascade attempt
 * when the payment moved to this MID from another (`trans_id-aN`) — or, for a follow-up, trans_id and its action, so a request
 * sent twice is processed once by Adyen as well. Follow-ups name the payment by Adyen's pspReference, recorded as the
 * payment's rrn. Card data is in memory only for the call and never logged. No answer, a 3xx (never followed), a 5xx
 * or Adyen's "already in progress" (422, 704) leaves a transaction undetermined; another 4xx is Adyen refusing the
 * request before processing it (a decline).
 */
import { createHash } from 'node:crypto';
import { SignatureError } from '../../domain/errors.js';
import type { SecretBox } from '../../ports/secret-box.js';
import type { AnswerAbout, Connector, ConnectorOutcome, ConnectorPaymentRequest, ConnectorScope } from '../../ports/connector.js';
import { ACTIONS, isAction } from '../../domain/actions.js';
import { attemptReference } from '../../domain/acquirer-reference.js';
import { AcquirerTimeoutError } from './policy.js';
import { AcquirerUrlRefusedError, type AcquirerAddressRules, declinedWhenRefused } from './http-transport.js';
import type { AdyenAnswer, AdyenTransport } from './adyen-transport.js';
import { adyenBaseUrl, checkAdyenSetup, type AdyenCredentials } from './adyen-setup.js';
import {
  ADYEN,
  ADYEN_REFUSED,
  LATE_REVERSAL,
  TECHNICAL_CANCEL,
  modificationReference,
  parseItem,
  referenceParts,
  signatureMatches,
} from '../../protocol/providers/adyen-webhook.js';

export { ADYEN, ADYEN_REFUSED, LATE_REVERSAL, TECHNICAL_CANCEL };
/** Prefix of the decline when Adyen refused a request before processing it (an HTTP 4xx answer). */
export const ADYEN_REQUEST_REFUSED = 'Adyen refused the request';
/** Prefix of the decline when this stage may not call the MID's Adyen URL: nothing was sent. */
export const ADYEN_URL_REFUSED = 'The Adyen URL is not allowed';
export const ADYEN_NO_PSP_REFERENCE = 'The payment has no Adyen pspReference.';
export const ADYEN_NATIVE_3DS = 'Adyen asked for an authentication step this connector cannot run.';
export const ADYEN_NO_PAYOUTS = 'Adyen payouts are not supported.';
export const ADYEN_CARDS_ONLY = 'Adyen takes card payments only.';

/** Where Adyen sends the payer back after its own 3DS / redirect page (functions/providers/adyen-return.ts). */
export const adyenReturnPath = (transId: string) => `/providers/adyen/return/${transId}`;

/** The webhook events applied to our transactions (operations/providers/adyen-notification.ts). */
export const ADYEN_APPLIED_EVENTS = [
  'AUTHORISATION',
  'CAPTURE',
  'CAPTURE_FAILED',
  'CANCELLATION',
  'CANCEL_OR_REFUND',
  'REFUND',
  'REFUND_FAILED',
];

/** What the payer may bring back from Adyen's pages (PaymentCompletionDetails); nothing else is passed on. */
const COMPLETION_DETAILS = ['redirectResult', 'threeDSResult', 'payload', 'MD', 'PaRes'];

interface Account {
  url: string;
  merchantAccount: string;
  apiKey: string;
  hmacKey: string;
}

export interface AdyenDeps {
  credentials: SecretBox;
  transport: AdyenTransport;
  rules: AcquirerAddressRules;
  /** The platform's public address (PUBLIC_BASE_URL): Adyen's returnUrl is on it. */
  publicBaseUrl: string;
}

export function adyenConnector(deps: AdyenDeps): Connector {
  // Opened once per container and MID: the sealed blob names its own data key (SecretBox).
  const opened = new Map<string, Promise<AdyenCredentials>>();

  async function account(scope: ConnectorScope): Promise<Account> {
    const { settings, credentials } = scope.mid;
    if (!settings.url || !settings.merchantAccount || !credentials)
      throw new Error(`MID ${scope.mid.midId} has no Adyen URL, merchant account or credentials`);
    let creds = opened.get(credentials.sealed);
    if (!creds) {
      creds = deps.credentials.open(credentials.sealed, credentials.context).then((json) => JSON.parse(json) as AdyenCredentials);
      opened.set(credentials.sealed, creds);
      creds.catch(() => opened.delete(credentials.sealed));
    }
    const { api_key, hmac_key } = await creds;
    return { url: adyenBaseUrl(settings.url), merchantAccount: settings.merchantAccount, apiKey: api_key, hmacKey: hmac_key };
  }

  async function post(a: Account, path: string, json: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<AdyenAnswer> {
    let res: AdyenAnswer;
    try {
      res = await deps.transport(
        `${a.url}${path}`,
        { headers: { 'x-api-key': a.apiKey, 'idempotency-key': idempotencyKey }, json },
        signal,
      );
    } catch (err) {
      // Refused before sending: nothing reached anyone (decided() turns it into a decline).
      if (err instanceof AcquirerUrlRefusedError) throw err;
      // No answer (refused connection, reset, the policy's deadline): whether Adyen processed it is unknown.
      throw new AcquirerTimeoutError(`Adyen did not answer: ${(err as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400)
      throw new AcquirerTimeoutError(`Adyen answered HTTP ${res.status} (a redirect, not followed)`);
    if (res.status >= 500 || !res.body) throw new AcquirerTimeoutError(`Adyen answered HTTP ${res.status} without a result`);
    // 704: a request with this Idempotency-Key is already processed or in progress. Not a refusal of the payment:
    // the first request's outcome is not known here, and Adyen's webhook decides it.
    if (isInProgress(res)) throw new AcquirerTimeoutError(`Adyen is still processing the same request (${String(res.body.errorCode)})`);
    return res;
  }

  /** An outcome-returning call: a URL this stage may not call is a decline, since nothing was sent. */
  const decided = (run: () => Promise<ConnectorOutcome>) => declinedWhenRefused(ADYEN_URL_REFUSED, run);

  /**
   * A capture, refund, cancel or reversal of the payment, by its pspReference: received → pending (the webhook
   * decides). `suffix` names the follow-up in our reference; a refund's or cancel's is its attempt id.
   */
  function modification(
    scope: ConnectorScope & { transId: string },
    kind: Modification,
    suffix: string,
    amount?: { value: number; currency: string },
  ) {
    return decided(async () => {
      const psp = scope.payment?.rrn;
      if (!psp) return { kind: 'declined', reason: ADYEN_NO_PSP_REFERENCE };
      const a = await account(scope);
      const reference = modificationReference(scope.transId, suffix);
      const res = await post(
        a,
        `/payments/${encodeURIComponent(psp)}/${kind}`,
        { merchantAccount: a.merchantAccount, ...(amount ? { amount } : {}), reference },
        idempotencyKey(scope.transId, kind, suffix),
        scope.signal,
      );
      if (res.status >= 400) return requestRefused(res);
      if (res.body?.status !== 'received')
        throw new AcquirerTimeoutError(`Adyen answered ${String(res.body?.status)} to a ${kind} request`);
      // The payment it names by paymentPspReference, and our follow-up by its reference (trans_id.suffix).
      const b = res.body;
      const named = typeof b.reference === 'string' ? { reference: b.reference === reference ? scope.transId : b.reference } : {};
      return withAbout({ kind: 'pending' }, { ...named, ...pspOf(b.paymentPspReference), ...amountOf(b.amount) });
    });
  }

  return {
    name: ADYEN,
    requiresAcceptHeader: false,

    pay: (req) =>
      decided(async () => {
        if (!req.card) return { kind: 'declined', reason: ADYEN_CARDS_ONLY };
        const a = await account(req);
        // Each cascade attempt is its own payment at Adyen: its own reference and Idempotency-Key.
        const reference = attemptReference(req.transId, req.routingAttempt);
        const res = await post(
          a,
          '/payments',
          paymentRequest(a, req, reference, `${deps.publicBaseUrl.replace(/\/+$/, '')}${adyenReturnPath(req.transId)}`),
          reference,
          req.signal,
        );
        return paymentOutcome(res);
      }),

    /**
     * The payer came back from Adyen's page: /payments/details with what they brought. Without it (the payer has not
     * come back) there is nothing to ask Adyen with: the step stays open, and Adyen's AUTHORISATION webhook decides.
     */
    completeChallenge: (req) =>
      decided(async () => {
        const details = Object.fromEntries(Object.entries(req.payerReturn ?? {}).filter(([k, v]) => COMPLETION_DETAILS.includes(k) && v));
        if (!Object.keys(details).length) throw new AcquirerTimeoutError('no result from the payer to complete the Adyen step with');
        const a = await account(req);
        const res = await post(a, '/payments/details', { details }, `${req.payment?.reference ?? req.transId}:details`, req.signal);
        // Adyen refusing what the payer brought (a stale or altered redirectResult) does not decide the payment: Adyen may
        // still authorise it, and its AUTHORISATION webhook says so.
        if (res.status >= 400) throw new AcquirerTimeoutError(`Adyen refused the payer's result (HTTP ${res.status})`);
        return paymentOutcome(res);
      }),

    capture: (req) => modification(req, 'captures', 'capture', { value: req.amount, currency: req.currency }),
    // A reversal of a held authorisation (the whole amount, by the platform's rules) is Adyen's cancel; a refund, or
    // a reversal of a settled debit, is a refund.
    refund: (req) =>
      req.reversal && !isDebit(req.payment?.action)
        ? modification(req, 'cancels', req.attemptId ?? 'cancel')
        : modification(req, 'refunds', req.attemptId ?? 'refund', { value: req.amount, currency: req.currency }),
    // VOID takes back a payment settled today: Adyen cancels it if not yet captured in its batch, refunds it otherwise.
    void: (req) => modification(req, 'reversals', 'void'),

    payout: async () => ({ kind: 'declined', reason: ADYEN_NO_PAYOUTS }),

    /**
     * Takes back a payment recorded as declined (operations/payment/internal/late-outcome.ts): by its pspReference, /reversals
     * (Adyen cancels it, or refunds it once captured); without one (Adyen never answered the payment), Adyen's
     * technical cancel: POST /cancels naming our reference as paymentReference. Either is answered "received";
     * Adyen's CANCEL_OR_REFUND or TECHNICAL_CANCEL webhook tells the result.
     */
    cancelsByReference: true,
    reverseLate: (req) =>
      decided(async () => {
        const a = await account(req);
        const psp = req.acquirerRef;
        const suffix = psp ? LATE_REVERSAL : TECHNICAL_CANCEL;
        const reference = modificationReference(req.transId, suffix);
        const path = psp ? `/payments/${encodeURIComponent(psp)}/reversals` : '/cancels';
        const res = await post(
          a,
          path,
          { merchantAccount: a.merchantAccount, ...(psp ? {} : { paymentReference: req.reference }), reference },
          `${req.transId}:${suffix}`,
          req.signal,
        );
        if (res.status >= 400) return requestRefused(res);
        const b = res.body!;
        // The answer must name the payment it cancels: one about another payment is no answer.
        const names = psp ? b.paymentPspReference === psp : b.paymentReference === req.reference;
        if (b.status !== 'received' || !names)
          throw new AcquirerTimeoutError(
            `Adyen answered ${String(b.status)} to a ${psp ? 'reversal' : 'technical cancel'}${names ? '' : ' about another payment'}`,
          );
        return { kind: 'pending' };
      }),

    notifications: {
      slug: ADYEN,
      /** One NotificationRequestItem (operations/providers/adyen-notification.ts hands them over one by one). */
      paymentOf(rawBody) {
        const item = itemOf(rawBody);
        return item ? referenceParts(item.merchantReference).transId : undefined;
      },
      /** The item's HMAC with this MID's key, and the MID's own merchant account; final: an event we apply. */
      async verify(rawBody, scope) {
        const item = itemOf(rawBody);
        const a = await account(scope);
        if (!item || item.merchantAccountCode !== a.merchantAccount || !signatureMatches(item, a.hmacKey)) throw SignatureError.invalid();
        return { final: ADYEN_APPLIED_EVENTS.includes(item.eventCode) };
      },
    },

    checkSetup: (setup) => checkAdyenSetup(setup, deps.rules),
    normalizeSettings: (settings) => (settings.url ? { ...settings, url: adyenBaseUrl(settings.url) } : settings),
  };
}

type Modification = 'captures' | 'refunds' | 'cancels' | 'reversals';

const ACTION_OF: Record<Modification, string> = { captures: 'capture', refunds: 'refund', cancels: 'cancel', reversals: 'void' };

/**
 * Adyen's Idempotency-Key of a follow-up: our trans_id and the action, and for a refund or cancel its own attempt
 * (shortened: the key takes 64 characters), so two partial refunds are two requests and a resent one is the same.
 */
function idempotencyKey(transId: string, kind: Modification, suffix: string): string {
  const action = ACTION_OF[kind];
  return suffix === action ? `${transId}:${action}` : `${transId}:${action}:${shortId(suffix)}`;
}

const isDebit = (action: string | undefined): boolean => !!action && isAction(action) && ACTIONS[action].debit;

/** The /payments request: raw card data (never logged), SALE captured at once, AUTH held for a manual capture. */
function paymentRequest(a: Account, req: ConnectorPaymentRequest, reference: string, returnUrl: string): Record<string, unknown> {
  const card = req.card!;
  const payer = req.payer ?? {};
  const auth = req.authentication;
  const cof = req.cardOnFile;
  const merchantInitiated = cof?.initiator === 'merchant';
  return {
    merchantAccount: a.merchantAccount,
    amount: { value: req.amount, currency: req.currency },
    reference,
    ...(req.orderId ? { merchantOrderReference: req.orderId } : {}),
    paymentMethod: {
      type: 'scheme',
      number: card.number,
      expiryMonth: card.expMonth.padStart(2, '0'),
      expiryYear: card.expYear.length === 2 ? `20${card.expYear}` : card.expYear,
      ...(card.cvv ? { cvc: card.cvv } : {}),
      ...(card.holder ? { holderName: card.holder } : {}),
    },
    returnUrl,
    shopperInteraction: merchantInitiated ? 'ContAuth' : 'Ecommerce',
    ...(cof && (merchantInitiated || cof.sequence === 'subsequent')
      ? {
          recurringProcessingModel: !merchantInitiated
            ? 'CardOnFile'
            : cof.source === 'schedule' || cof.source === 'recurring'
              ? 'Subscription'
              : 'UnscheduledCardOnFile',
        }
      : {}),
    ...(req.authorize ? { additionalData: { manualCapture: 'true' } } : { captureDelayHours: 0 }),
    ...(req.payerIp ? { shopperIP: req.payerIp } : {}),
    ...(payer.email ? { shopperEmail: payer.email } : {}),
    ...(payer.firstName && payer.lastName ? { shopperName: { firstName: payer.firstName, lastName: payer.lastName } } : {}),
    // 3DS done elsewhere (mpi_data, a wallet cryptogram) or not wanted (merchant-initiated): Adyen must not run its own.
    ...(req.externalThreeDs ? { authenticationData: { attemptAuthentication: 'never' } } : {}),
    ...(auth
      ? {
          mpiData: {
            cavv: auth.value,
            ...(auth.eci ? { eci: auth.eci } : {}),
            ...(auth.dsTransId ? { dsTransID: auth.dsTransId } : {}),
            ...(auth.protocolVersion ? { threeDSVersion: auth.protocolVersion } : {}),
            authenticationResponse: auth.eci === '06' || auth.eci === '01' ? 'A' : 'Y',
            directoryResponse: auth.eci === '06' || auth.eci === '01' ? 'A' : 'Y',
          },
        }
      : {}),
  };
}

/**
 * Adyen's answer to /payments or /payments/details, as an outcome, with what the answer names (its merchantReference:
 * our trans_id; pspReference; the authorised amount) for the registry to bind it to the payment (answer-binding.ts).
 */
export function paymentOutcome(res: AdyenAnswer): ConnectorOutcome {
  if (res.status >= 400) return requestRefused(res);
  const b = res.body ?? {};
  return withAbout(resultOutcome(b), {
    ...(typeof b.merchantReference === 'string' ? { reference: b.merchantReference } : {}),
    ...pspOf(b.pspReference),
    ...amountOf(b.amount),
  });
}

/** What Adyen's resultCode decides. */
function resultOutcome(b: Record<string, unknown>): ConnectorOutcome {
  const psp = typeof b.pspReference === 'string' ? b.pspReference : '';
  const reason = typeof b.refusalReason === 'string' && b.refusalReason ? b.refusalReason : undefined;
  switch (b.resultCode) {
    case 'Authorised': {
      const extra = (b.additionalData ?? {}) as Record<string, unknown>;
      return { kind: 'approved', rrn: psp, approvalCode: typeof extra.authCode === 'string' ? extra.authCode : '' };
    }
    case 'Refused':
      return { kind: 'declined', reason: reason ?? ADYEN_REFUSED, ...(psp ? { rrn: psp } : {}) };
    case 'Cancelled':
    case 'Error':
      return { kind: 'declined', reason: reason ?? `${b.resultCode} at Adyen.`, ...(psp ? { rrn: psp } : {}) };
    case 'Received':
    case 'Pending':
    case 'PresentToShopper':
      return { kind: 'pending' };
    case 'RedirectShopper':
    case 'ChallengeShopper':
    case 'IdentifyShopper': {
      const action = (b.action ?? {}) as Record<string, unknown>;
      // Only a page the payer is sent to; native 3DS2 needs Adyen's script in the payer's browser (not requested).
      if (action.type !== 'redirect' || typeof action.url !== 'string')
        return { kind: 'declined', reason: ADYEN_NATIVE_3DS, ...(psp ? { rrn: psp } : {}) };
      return {
        kind: 'challenge',
        type: '3DS',
        redirect: { url: action.url, method: action.method === 'POST' ? 'POST' : 'GET', params: stringParams(action.data) },
      };
    }
    default:
      // PartiallyAuthorised (never asked for) or a code we do not know: the webhook or an operator decides.
      throw new AcquirerTimeoutError(`Adyen answered ${String(b.resultCode)}`);
  }
}

/** The outcome with what the answer names, when it names anything. */
function withAbout(outcome: ConnectorOutcome, about: AnswerAbout): ConnectorOutcome {
  return Object.keys(about).length ? { ...outcome, about } : outcome;
}

function pspOf(v: unknown): Pick<AnswerAbout, 'pspReference'> {
  return typeof v === 'string' && v ? { pspReference: v } : {};
}

/** Adyen's Amount ({value: minor units, currency}), as far as the answer gives it. */
function amountOf(v: unknown): Pick<AnswerAbout, 'amount' | 'currency'> {
  if (!v || typeof v !== 'object') return {};
  const { value, currency } = v as Record<string, unknown>;
  return { ...(typeof value === 'number' ? { amount: value } : {}), ...(typeof currency === 'string' ? { currency } : {}) };
}

/** Adyen's "request already processed or in progress" (422, errorCode 704): undetermined, never a decline. */
export const ADYEN_IN_PROGRESS_CODE = '704';
function isInProgress(res: AdyenAnswer): boolean {
  return res.status === 422 && String(res.body?.errorCode) === ADYEN_IN_PROGRESS_CODE;
}

/** A 4xx: Adyen refused the request before processing it (validation, credentials); nothing happened there. */
function requestRefused(res: AdyenAnswer): ConnectorOutcome {
  const b = res.body ?? {};
  const message = typeof b.message === 'string' && b.message ? b.message : `HTTP ${res.status}`;
  return { kind: 'declined', reason: `${ADYEN_REQUEST_REFUSED}: ${message}${typeof b.errorCode === 'string' ? ` (${b.errorCode})` : ''}` };
}

function itemOf(rawBody: string) {
  try {
    return parseItem(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
}

function stringParams(v: unknown): Record<string, string> {
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
}

/** A follow-up attempt's id, short enough for Adyen's 64-character Idempotency-Key next to our trans_id. */
function shortId(id: string): string {
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}
