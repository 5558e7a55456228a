/**
 * The upstream connector: a MID's payments go to another gateway that speaks this same protocol (S2S CARD over HTTP,
 * form-encoded POST {url}/post signed with the protocol's hashes). What a merchant or reseller uses to put this
 * platform in front of an existing processor. Per MID: the upstream's base URL (settings.url, its /post endpoint is
 * accepted too; optional settings.hashAlgorithm md5|sha256) and the upstream's client_key and password, sealed with
 * the merchant-secrets key (docs/connectors.md "The upstream connector", which also says what is trusted of its answers).
 *
 * Our trans_id is the upstream's order_id: every later question (capture, refund, inquiry) finds the upstream's
 * payment by it (GET_TRANS_STATUS_BY_ORDER), so nothing of the upstream needs storing, and a payment whose answer was
 * lost (timeout) is found all the same.
 *
 *   SALE / AUTH          SALE (auth=Y)        SUCCESS → approved, DECLINED → declined, REDIRECT → the upstream's page
 *                                             passed through to the payer; UNDEFINED / no answer → undetermined
 *   completeChallenge    GET_TRANS_STATUS_BY_ORDER (prompted by the upstream's callback); a step still open there
 *                                             is no answer (never a decline)
 *   CAPTURE, VOID        CAPTURE / VOID on the upstream's trans_id
 *   CREDITVOID           CREDITVOID → ACCEPTED: pending; its outcome arrives by the upstream's callback
 *   CREDIT2CARD          CREDIT2CARD (Formula 5)
 *   inquire              GET_TRANS_STATUS_BY_ORDER; a follow-up's outcome from GET_TRANS_DETAILS' transactions,
 *                                             found by the upstream's own transaction ids (followUpOutcome)
 *   reverseLate          a late approval after a decline: VOID (settled, same financial day) or CREDITVOID of the whole
 *                                             amount, by the upstream's trans_id found by our reference
 *   notifications        the upstream's callbacks at POST /providers/upstream/notifications, Formula 2 (6 for payouts):
 *                                             a prompt to ask the upstream, never an outcome by itself; its action and
 *                                             result hint at a late outcome, which the upstream's answer confirms
 *
 * No answer, a 3xx (never followed: see http-transport.ts), a 5xx, UNDEFINED or a refusal because the same request is
 * still being processed (409) leaves a transaction undetermined for the reconciler; a URL the stage may not call
 * declines before anything is sent. A request that moves money is never sent twice (not even after a reset
 * connection); only the status lookups are. Every answer reports the order_id it names (our trans_id) and, where it
 * has them, its amount and currency: the registry binds it to the payment (answer-binding.ts).
 */
import { SignatureError, TRANSACTION_NOT_FOUND_CODE } from '../../domain/errors.js';
import { findCurrency, formatAmount, parseAmount } from '../../domain/money.js';
import { attemptReference, parseAttemptReference } from '../../domain/acquirer-reference.js';
import { parseForm, getString } from '../../protocol/form.js';
import { formula1, formula2, formula5, formula6, hashMatches, type HashAlgorithm } from '../../protocol/signature.js';
import type { SecretBox } from '../../ports/secret-box.js';
import type {
  AnswerAbout,
  Connector,
  ConnectorInquiry,
  ConnectorOutcome,
  ConnectorScope,
  Scoped,
  VerifiedNotification,
} from '../../ports/connector.js';
import { bindAnswer } from './answer-binding.js';
import { AcquirerTimeoutError } from './policy.js';
import {
  AcquirerUrlRefusedError,
  type AcquirerAddressRules,
  type HttpAnswer,
  type HttpTransport,
  type Resend,
  declinedWhenRefused,
} from './http-transport.js';
import { checkUpstreamSetup, probeUpstream, upstreamBaseUrl, upstreamEndpoint } from './upstream-setup.js';

export const UPSTREAM = 'upstream';
export const UPSTREAM_DECLINED = 'Declined by the upstream.';
export const UPSTREAM_NOT_FOUND = 'The upstream has no record of the payment.';
/** Prefix of the decline when the upstream refused a request before processing it (its ERROR answer). */
export const UPSTREAM_REFUSED = 'The upstream refused the request';
/** Prefix of the decline when this stage may not call the MID's upstream URL: nothing was sent. */
export const UPSTREAM_URL_REFUSED = 'The upstream URL is not allowed';
/** The reconciler's decline once it gives up (operations/reconciliation GAVE_UP_REASON): nothing reached the upstream. */
const GAVE_UP = 'No final answer from the acquirer.';

/** What the MID's sealed credentials hold (JSON). */
export interface UpstreamCredentials {
  client_key: string;
  password: string;
}

interface Account {
  url: string;
  clientKey: string;
  password: string;
  algo: HashAlgorithm;
}

/** A transaction of GET_TRANS_DETAILS; `id` is the upstream's own id of a follow-up. */
interface UpstreamTransaction {
  id?: string;
  type?: string;
  status?: string;
  date?: string;
  amount?: string;
  decline_reason?: string;
}

const FOLLOW_UPS = ['CAPTURE', 'REFUND', 'REVERSAL', 'VOID'];
/** Longer than any request to the upstream can take (UPSTREAM_TIMEOUT_MS is at most a minute). */
const NEVER_ARRIVED_MS = 10 * 60_000;
/** Statuses of a payment the upstream approved (whatever happened to it since). */
const APPROVED_STATUSES = ['SETTLED', 'PENDING', 'REFUND', 'REVERSAL', 'VOID', 'CHARGEBACK'];

export function upstreamConnector(deps: { credentials: SecretBox; transport: HttpTransport; rules: AcquirerAddressRules }): Connector {
  // Opened once per container and MID: the sealed blob names its own data key (SecretBox).
  const opened = new Map<string, Promise<UpstreamCredentials>>();

  async function account(scope: ConnectorScope): Promise<Account> {
    const { settings, credentials } = scope.mid;
    if (!settings.url || !credentials) throw new Error(`MID ${scope.mid.midId} has no upstream URL or credentials`);
    let creds = opened.get(credentials.sealed);
    if (!creds) {
      creds = deps.credentials.open(credentials.sealed, credentials.context).then((json) => JSON.parse(json) as UpstreamCredentials);
      opened.set(credentials.sealed, creds);
      creds.catch(() => opened.delete(credentials.sealed));
    }
    const { client_key, password } = await creds;
    // MIDs stored before URLs were normalised may name the endpoint: /post is added once, whichever was stored.
    return {
      url: upstreamEndpoint(settings.url),
      clientKey: client_key,
      password,
      algo: settings.hashAlgorithm === 'sha256' ? 'sha256' : 'md5',
    };
  }

  /** `resend`: 'on-reset' for a status lookup only; a request that moves money is never sent twice. */
  async function post(
    a: Account,
    fields: Record<string, string | undefined>,
    signal: AbortSignal | undefined,
    resend: Resend,
  ): Promise<HttpAnswer> {
    let res: HttpAnswer;
    try {
      res = await deps.transport(a.url, { ...fields, client_key: a.clientKey }, { signal, resend });
    } catch (err) {
      // Refused before sending: nothing reached anyone (the outcome-returning calls decline, see decided()).
      if (err instanceof AcquirerUrlRefusedError) throw err;
      // No answer (connection refused, reset after the request was written, aborted by the policy's deadline): whether
      // it was processed is unknown.
      throw new AcquirerTimeoutError(`upstream did not answer: ${(err as Error).message}`);
    }
    // A redirect is not the upstream's answer, and what it points to is not asked: whether it was processed is unknown.
    if (res.status >= 300 && res.status < 400)
      throw new AcquirerTimeoutError(`upstream answered HTTP ${res.status} (a redirect, not followed)`);
    return res;
  }

  /** An outcome-returning call: a URL this stage may not call is a decline, since nothing was sent. */
  const decided = (run: () => Promise<ConnectorOutcome>) => declinedWhenRefused(UPSTREAM_URL_REFUSED, run);

  /** Formula 2 over a trans_id (or our trans_id as order_id), 6 for a payout: the payment's email and masked card. */
  function paymentHash(a: Account, scope: ConnectorScope, id: string): string {
    const p = scope.payment;
    const card = p?.card ? `${p.card.bin}${p.card.last4}` : '';
    return p?.action === 'CREDIT2CARD'
      ? formula6({ password: a.password, transId: id, cardNumber: card }, a.algo)
      : formula2({ email: p?.payerEmail, password: a.password, transId: id, cardNumber: card }, a.algo);
  }

  /** The upstream's view of our payment (its trans_id and status), or undefined when it has none. */
  async function statusByOrder(a: Account, scope: Scoped<{ transId: string }>): Promise<Record<string, unknown> | undefined> {
    // The upstream's order is the payment's reference there: the trans_id, with its cascade attempt if it moved.
    const order = scope.payment?.reference ?? scope.transId;
    const res = await post(
      a,
      { action: 'GET_TRANS_STATUS_BY_ORDER', order_id: order, hash: paymentHash(a, scope, order) },
      scope.signal,
      'on-reset',
    );
    if (res.body?.result === 'SUCCESS') return res.body;
    if (res.body?.error_code === TRANSACTION_NOT_FOUND_CODE) return undefined;
    throw new AcquirerTimeoutError(`upstream status lookup failed (${res.status})`);
  }

  async function upstreamTransId(a: Account, scope: Scoped<{ transId: string }>): Promise<string> {
    const status = await statusByOrder(a, scope);
    if (!status) throw new AcquirerTimeoutError(UPSTREAM_NOT_FOUND);
    return String(status.trans_id);
  }

  function followUp(scope: Scoped<{ transId: string }>, fields: Record<string, string | undefined>): Promise<ConnectorOutcome> {
    return decided(async () => {
      const a = await account(scope);
      const id = await upstreamTransId(a, scope);
      return outcomeOf(await post(a, { ...fields, trans_id: id, hash: paymentHash(a, scope, id) }, scope.signal, 'never'));
    });
  }

  const amountOf = (minor: number, currency: string) => formatAmount({ minor, currency });

  return {
    name: UPSTREAM,
    requiresAcceptHeader: false,

    pay: (req) =>
      decided(async () => {
        const a = await account(req);
        if (!req.card) return { kind: 'declined', reason: 'The upstream takes card payments only.' };
        const [first, ...rest] = (req.card.holder ?? '').trim().split(/\s+/);
        const payer = req.payer ?? {};
        const res = await post(
          a,
          {
            action: 'SALE',
            // Each cascade attempt is its own order at the upstream (trans_id, then trans_id-aN).
            order_id: attemptReference(req.transId, req.routingAttempt),
            order_amount: amountOf(req.amount, req.currency),
            order_currency: req.currency,
            order_description: req.description || `Payment ${req.orderId ?? req.transId}`,
            card_number: req.card.number,
            card_exp_month: req.card.expMonth.padStart(2, '0'),
            card_exp_year: req.card.expYear.length === 2 ? `20${req.card.expYear}` : req.card.expYear,
            card_cvv2: req.card.cvv,
            payer_first_name: payer.firstName ?? (first || undefined),
            payer_last_name: payer.lastName ?? (rest.join(' ') || undefined),
            payer_address: payer.address,
            payer_country: payer.country,
            payer_state: payer.state,
            payer_city: payer.city,
            payer_zip: payer.zip,
            payer_email: payer.email,
            payer_phone: payer.phone,
            payer_ip: req.payerIp,
            term_url_3ds: req.returnUrl,
            auth: req.authorize ? 'Y' : undefined,
            hash: formula1({ email: payer.email, password: a.password, cardNumber: req.card.number }, a.algo),
          },
          req.signal,
          'never',
        );
        return outcomeOf(res);
      }),

    /**
     * The 3DS / redirect step runs on the upstream's page, so only the upstream's status decides. A step still open
     * there (or a payment it cannot find) is no answer: the payment is left to the reconciler, never declined.
     * (The notification handler asks inquire first, and completes the step only once the upstream has decided.)
     */
    async completeChallenge(req) {
      const a = await account(req);
      const status = await statusByOrder(a, req);
      const outcome = status ? statusOutcome(status) : 'unknown';
      if (outcome === 'unknown')
        throw new AcquirerTimeoutError(status ? `upstream step still open (${String(status.status)})` : UPSTREAM_NOT_FOUND);
      return outcome;
    },

    capture: (req) => followUp(req, { action: 'CAPTURE', amount: amountOf(req.amount, req.currency) }),
    refund: (req) => followUp(req, { action: 'CREDITVOID', amount: amountOf(req.amount, req.currency) }),
    void: (req) => followUp(req, { action: 'VOID' }),

    payout: (req) =>
      decided(async () => {
        const a = await account(req);
        const res = await post(
          a,
          {
            action: 'CREDIT2CARD',
            order_id: req.transId,
            order_amount: amountOf(req.amount, req.currency),
            order_currency: req.currency,
            order_description: req.description || `Payout ${req.orderId ?? req.transId}`,
            card_number: req.card.number,
            hash: formula5({ password: a.password, cardNumber: req.card.number }, a.algo),
          },
          req.signal,
          'never',
        );
        return outcomeOf(res);
      }),

    async inquire(req) {
      const a = await account(req);
      const status = await statusByOrder(a, req);
      // Not there: it never arrived — unless it is still on its way (a slow network), so only once that is impossible.
      if (!status)
        return Date.now() - Date.parse(req.startedAt) > NEVER_ARRIVED_MS ? { kind: 'declined', reason: UPSTREAM_NOT_FOUND } : 'unknown';
      if (!FOLLOW_UPS.includes(req.type)) return statusOutcome(status);
      const id = String(status.trans_id);
      const res = await post(a, { action: 'GET_TRANS_DETAILS', trans_id: id, hash: paymentHash(a, req, id) }, req.signal, 'on-reset');
      if (res.body?.result !== 'SUCCESS') throw new AcquirerTimeoutError(`upstream details lookup failed (${res.status})`);
      const outcome = followUpOutcome(req, (res.body.transactions ?? []) as UpstreamTransaction[]);
      // Its amount is the payment's, not the follow-up's: only the order it names is reported.
      return outcome === 'unknown'
        ? outcome
        : withAbout(outcome, { ...(typeof res.body.order_id === 'string' ? { reference: res.body.order_id } : {}) });
    },

    /**
     * Takes back a payment recorded as declined that the upstream approved after all (operations/payment/late-outcome.ts),
     * found by our reference (the upstream's order): its status read first (bound to our payment), then one request by
     * the upstream's trans_id. SETTLED: VOID, which the upstream allows on the same financial day only; refused (another
     * day), it reversed nothing, so CREDITVOID of the whole amount is the one reversal. PENDING (a held authorisation,
     * which VOID refuses): CREDITVOID, a full reversal.
     */
    reverseLate: (req) =>
      decided(async () => {
        const a = await account(req);
        const status = await statusByOrder(a, req);
        if (!status) return { kind: 'declined', reason: UPSTREAM_NOT_FOUND };
        const found = statusOutcome(status);
        // An answer about another order (or other money) is no answer: nothing is sent on it.
        if (found !== 'unknown')
          bindAnswer(UPSTREAM, 'reverseLate', found, {
            transId: req.transId,
            amount: req.amount,
            currency: req.currency,
            attempt: parseAttemptReference(req.reference).attempt,
          });
        const held = String(status.status);
        if (held !== 'SETTLED' && held !== 'PENDING')
          return { kind: 'declined', reason: `Nothing to reverse: the upstream has the payment ${held}.` };
        const id = String(status.trans_id);
        const send = (fields: Record<string, string>) =>
          post(a, { ...fields, trans_id: id, hash: paymentHash(a, req, id) }, req.signal, 'never');
        if (held === 'SETTLED') {
          const voided = outcomeOf(await send({ action: 'VOID' }));
          if (voided.kind !== 'declined') return voided;
        }
        return outcomeOf(await send({ action: 'CREDITVOID', amount: amountOf(req.amount, req.currency) }));
      }),

    notifications: {
      slug: UPSTREAM,
      paymentOf(rawBody) {
        try {
          return parseAttemptReference(getString(parseForm(rawBody), 'order_id') ?? '').transId || undefined;
        } catch {
          return undefined;
        }
      },
      /** The order names the cascade attempt (trans_id-aN): the MID whose password signed the callback. */
      attemptOf(rawBody) {
        try {
          return parseAttemptReference(getString(parseForm(rawBody), 'order_id') ?? '').attempt;
        } catch {
          return 1;
        }
      },
      /**
       * The callback's hash covers the upstream's trans_id, the e-mail and the card, not our order_id, and its result
       * is not signed at all: a hash from an earlier payment of the same card and e-mail verifies just as well. So a
       * verified callback is only a prompt to ask the upstream (final: true, whatever its result says), and what the
       * upstream answers decides (applyAcquirerNotification).
       */
      async verify(rawBody, scope) {
        const a = await account(scope);
        const form = parseForm(rawBody);
        const transId = getString(form, 'trans_id');
        if (!transId || !hashMatches(paymentHash(a, scope, transId), getString(form, 'hash'))) throw SignatureError.invalid();
        const reports = lateHint(getString(form, 'action'), getString(form, 'result'));
        return { final: true, ...(reports ? { reports } : {}) };
      },
    },

    checkSetup: (setup) => checkUpstreamSetup(setup, deps.rules),

    normalizeSettings: (settings) => (settings.url ? { ...settings, url: upstreamBaseUrl(settings.url) } : settings),

    probeSetup: ({ settings, credentials }) =>
      probeUpstream(
        {
          url: settings.url ?? '',
          clientKey: credentials?.client_key ?? '',
          password: credentials?.password ?? '',
          hashAlgorithm: settings.hashAlgorithm === 'sha256' ? 'sha256' : 'md5',
        },
        deps.transport,
        deps.rules,
      ),
  };
}

/** The callback's actions that report the payment's own transaction approved. */
const PAYMENT_ACTIONS = ['SALE', 'AUTH', 'DEBIT', 'RECURRING_SALE', 'CAPTURE'];

/**
 * What a callback may contradict, by its (unsigned) action and result: only a hint, the upstream's answer to our
 * inquiry confirms (operations/providers/acquirer-late-outcome.ts). An approval of the payment (a payment recorded
 * declined after the reconciler gave up); a capture or a CREDITVOID declined (one recorded as done).
 */
function lateHint(action: string | undefined, result: string | undefined): VerifiedNotification['reports'] {
  if (!action) return undefined;
  if (result === 'SUCCESS' && PAYMENT_ACTIONS.includes(action)) return { kind: 'approval', event: `${action} ${result}` };
  if (result !== 'DECLINED') return undefined;
  if (action === 'CAPTURE') return { kind: 'capture-failure', event: `${action} ${result}` };
  if (action === 'CREDITVOID') return { kind: 'refund-failure', event: `${action} ${result}` };
  return undefined;
}

/** A synchronous answer of the upstream, as an outcome, with the order and amount it names. */
function outcomeOf(res: HttpAnswer): ConnectorOutcome {
  const b = res.body;
  if (!b || res.status >= 500) throw new AcquirerTimeoutError(`upstream answered ${res.status} without a result`);
  return withAbout(resultOf(b, res.status), namedIn(b));
}

/** What the answer's result decides. */
function resultOf(b: Record<string, unknown>, status: number): ConnectorOutcome {
  switch (b.result) {
    case 'SUCCESS':
      return approved(b);
    case 'DECLINED':
      return { kind: 'declined', reason: String(b.decline_reason || UPSTREAM_DECLINED) };
    case 'REDIRECT':
      return {
        kind: 'challenge',
        type: b.status === 'REDIRECT' ? 'REDIRECT' : '3DS',
        redirect: {
          url: String(b.redirect_url),
          method: b.redirect_method === 'GET' ? 'GET' : 'POST',
          params: redirectParams(b.redirect_params),
        },
      };
    case 'ACCEPTED':
      return { kind: 'pending' };
    case 'ERROR':
      // The same request (or another on the payment) is still being processed there: its outcome is not this answer.
      if (isInProgress(status, b))
        throw new AcquirerTimeoutError(`upstream is still processing the request: ${String(b.error_message ?? status)}`);
      // Refused before processing (validation, credentials): nothing happened at the upstream.
      return { kind: 'declined', reason: `${UPSTREAM_REFUSED}: ${String(b.error_message ?? 'error')}` };
    default:
      // UNDEFINED: the upstream itself does not know yet; its callback or our inquiry settles it.
      throw new AcquirerTimeoutError(`upstream answered ${String(b.result)}`);
  }
}

/**
 * An ERROR that says "busy", not "no": this platform answers 409 while an identical request holds its claim ("The same
 * request is being processed.") or the payment is being changed; a gateway of the family may send the same texts with
 * another status. The request that is being processed may well be approved, so this is never a decline.
 */
const IN_PROGRESS_MESSAGES = new Set(['the same request is being processed', 'the payment is being processed']);
function isInProgress(status: number, b: Record<string, unknown>): boolean {
  const message = String(b.error_message ?? '')
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  return status === 409 || IN_PROGRESS_MESSAGES.has(message);
}

function approved(b: Record<string, unknown>): ConnectorOutcome {
  return {
    kind: 'approved',
    rrn: typeof b.RRN === 'string' ? b.RRN : '',
    approvalCode: typeof b.approval_code === 'string' ? b.approval_code : '',
    ...(typeof b.ARN === 'string' ? { arn: b.ARN } : {}),
  };
}

/** What GET_TRANS_STATUS says about the payment's own transaction; a step still open is no answer yet. */
function statusOutcome(s: Record<string, unknown>): ConnectorOutcome | 'unknown' {
  if (APPROVED_STATUSES.includes(String(s.status))) return withAbout(approved(s), namedIn(s));
  if (s.status === 'DECLINED') return withAbout({ kind: 'declined', reason: String(s.decline_reason || UPSTREAM_DECLINED) }, namedIn(s));
  return 'unknown';
}

/**
 * What an upstream answer names: its order_id (our trans_id: the order we sent), and its amount and currency where it
 * has them (a SALE's, a CAPTURE's). An amount it gives in a form we cannot read is not reported.
 */
function namedIn(b: Record<string, unknown>): AnswerAbout {
  const about: AnswerAbout = {};
  if (typeof b.order_id === 'string') about.reference = b.order_id;
  if (typeof b.currency !== 'string') return about;
  about.currency = b.currency;
  const currency = findCurrency(b.currency);
  if (currency && typeof b.amount === 'string') {
    try {
      about.amount = parseAmount(b.amount, currency).minor;
    } catch {
      // Unreadable: not reported.
    }
  }
  return about;
}

function withAbout(outcome: ConnectorOutcome, about: AnswerAbout): ConnectorOutcome {
  return Object.keys(about).length ? { ...outcome, about } : outcome;
}

/**
 * A follow-up's outcome from the upstream's transaction list. Its answers to CAPTURE, CREDITVOID and VOID name the
 * payment, not the follow-up, so which of its transactions is ours is told by position: we send one follow-up of a
 * payment at a time (a second waits until the first is decided), so the upstream records ours after those of our
 * earlier follow-ups it received, and each of its follow-ups (each with its own id) is one of ours. Ours is the one
 * after as many as we sent earlier that reached it; it must have our type and amount, else none is adopted. A
 * transaction of the same type and amount near in time is never enough (that adopted an earlier refund's outcome).
 */
function followUpOutcome(req: ConnectorInquiry, txs: UpstreamTransaction[]): ConnectorOutcome | 'unknown' {
  const theirs = txs.filter((t) => t.id && FOLLOW_UPS.includes(t.type ?? ''));
  const before = (req.earlier ?? []).filter((e) => FOLLOW_UPS.includes(e.type) && reachedUpstream(e)).length;
  const match = theirs[before];
  if (
    !match ||
    !sameKind(match.type, req.type) ||
    match.amount !== formatAmount({ minor: req.amount, currency: req.currency }) ||
    match.status === 'waiting'
  )
    return 'unknown';
  return match.status === 'success'
    ? { kind: 'approved', rrn: '', approvalCode: '' }
    : { kind: 'declined', reason: match.decline_reason || UPSTREAM_DECLINED };
}

/** An earlier follow-up of ours the upstream recorded: decided by it (not refused by it, nor given up on). */
function reachedUpstream(e: NonNullable<ConnectorInquiry['earlier']>[number]): boolean {
  if (e.status === 'success') return true;
  if (e.status === 'waiting') return false;
  const reason = e.declineReason ?? '';
  return !(
    reason.startsWith(UPSTREAM_REFUSED) ||
    reason.startsWith(UPSTREAM_URL_REFUSED) ||
    reason === UPSTREAM_NOT_FOUND ||
    reason === GAVE_UP
  );
}

/** A CREDITVOID is a REFUND or a REVERSAL by the payment's state, which the two sides may read a moment apart. */
function sameKind(theirs: string | undefined, ours: string): boolean {
  const refund = (t?: string) => t === 'REFUND' || t === 'REVERSAL';
  return theirs === ours || (refund(theirs) && refund(ours));
}

function redirectParams(v: unknown): Record<string, string> {
  if (Array.isArray(v)) return Object.fromEntries(v.map((p: { name: string; value: string }) => [String(p.name), String(p.value)]));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, val]) => [k, String(val)]));
  return {};
}
