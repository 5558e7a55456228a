/**
 * The upstream connector: a MID's payments go to another gateway that speaks this same protocol (S2S CARD over HTTP,
 * form-encoded POST {url}/post signed with the protocol's hashes). What a merchant or reseller uses to put this
 * platform in front of an existing processor. Per MID: the upstream's base URL (settings.url, optional
 * settings.hashAlgorithm md5|sha256) and the upstream's client_key and password, sealed with the merchant-secrets key
 * (docs/connectors.md).
 *
 * Our trans_id is the upstream's order_id: every later question (capture, refund, inquiry) finds the upstream's
 * payment by it (GET_TRANS_STATUS_BY_ORDER), so nothing of the upstream needs storing, and a payment whose answer was
 * lost (timeout) is found all the same.
 *
 *   SALE / AUTH          SALE (auth=Y)        SUCCESS → approved, DECLINED → declined, REDIRECT → the upstream's page
 *                                             passed through to the payer; UNDEFINED / no answer → undetermined
 *   completeChallenge    GET_TRANS_STATUS_BY_ORDER (after the upstream's callback said the step is over)
 *   CAPTURE, VOID        CAPTURE / VOID on the upstream's trans_id
 *   CREDITVOID           CREDITVOID → ACCEPTED: pending; its outcome arrives by the upstream's callback
 *   CREDIT2CARD          CREDIT2CARD (Formula 5)
 *   inquire              GET_TRANS_STATUS_BY_ORDER; a follow-up's outcome from GET_TRANS_DETAILS' transactions
 *   notifications        the upstream's callbacks at POST /providers/upstream/notifications, Formula 2 (6 for payouts)
 */
import { SignatureError, TRANSACTION_NOT_FOUND_CODE } from '../errors.js';
import { formatAmount } from '../domain/money.js';
import { parseForm, getString } from '../protocol/form.js';
import { formula1, formula2, formula5, formula6, hashEquals, type HashAlgorithm } from '../protocol/signature.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { Connector, ConnectorInquiry, ConnectorOutcome, ConnectorScope, Scoped } from '../ports/connector.js';
import { AcquirerTimeoutError } from './policy.js';
import type { HttpAnswer, HttpTransport } from './http-transport.js';

export const UPSTREAM = 'upstream';
export const UPSTREAM_DECLINED = 'Declined by the upstream.';
export const UPSTREAM_NOT_FOUND = 'The upstream has no record of the payment.';

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

/** A transaction of GET_TRANS_DETAILS. */
interface UpstreamTransaction {
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

export function upstreamConnector(deps: { credentials: SecretBox; transport: HttpTransport }): Connector {
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
    return { url: settings.url.replace(/\/+$/, ''), clientKey: client_key, password, algo: settings.hashAlgorithm === 'sha256' ? 'sha256' : 'md5' };
  }

  async function post(a: Account, fields: Record<string, string | undefined>, signal?: AbortSignal): Promise<HttpAnswer> {
    try {
      return await deps.transport(`${a.url}/post`, { ...fields, client_key: a.clientKey }, signal);
    } catch (err) {
      // No answer (connection refused, reset, aborted by the policy's deadline): whether it was processed is unknown.
      throw new AcquirerTimeoutError(`upstream did not answer: ${(err as Error).message}`);
    }
  }

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
    const res = await post(a, { action: 'GET_TRANS_STATUS_BY_ORDER', order_id: scope.transId, hash: paymentHash(a, scope, scope.transId) }, scope.signal);
    if (res.body?.result === 'SUCCESS') return res.body;
    if (res.body?.error_code === TRANSACTION_NOT_FOUND_CODE) return undefined;
    throw new AcquirerTimeoutError(`upstream status lookup failed (${res.status})`);
  }

  async function upstreamTransId(a: Account, scope: Scoped<{ transId: string }>): Promise<string> {
    const status = await statusByOrder(a, scope);
    if (!status) throw new AcquirerTimeoutError(UPSTREAM_NOT_FOUND);
    return String(status.trans_id);
  }

  async function followUp(scope: Scoped<{ transId: string }>, fields: Record<string, string | undefined>): Promise<ConnectorOutcome> {
    const a = await account(scope);
    const id = await upstreamTransId(a, scope);
    return outcomeOf(await post(a, { ...fields, trans_id: id, hash: paymentHash(a, scope, id) }, scope.signal));
  }

  const amountOf = (minor: number, currency: string) => formatAmount({ minor, currency });

  return {
    name: UPSTREAM,
    requiresAcceptHeader: false,

    async pay(req) {
      const a = await account(req);
      if (!req.card) return { kind: 'declined', reason: 'The upstream takes card payments only.' };
      const [first, ...rest] = (req.card.holder ?? '').trim().split(/\s+/);
      const payer = req.payer ?? {};
      const res = await post(
        a,
        {
          action: 'SALE',
          order_id: req.transId,
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
      );
      return outcomeOf(res);
    },

    /** The upstream's callback said its 3DS / redirect step is over: its status decides. */
    async completeChallenge(req) {
      const a = await account(req);
      const status = await statusByOrder(a, req);
      if (!status) return { kind: 'declined', reason: UPSTREAM_NOT_FOUND };
      const outcome = statusOutcome(status);
      return outcome === 'unknown' ? { kind: 'challenge', type: req.type } : outcome;
    },

    capture: (req) => followUp(req, { action: 'CAPTURE', amount: amountOf(req.amount, req.currency) }),
    refund: (req) => followUp(req, { action: 'CREDITVOID', amount: amountOf(req.amount, req.currency) }),
    void: (req) => followUp(req, { action: 'VOID' }),

    async payout(req) {
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
      );
      return outcomeOf(res);
    },

    async inquire(req) {
      const a = await account(req);
      const status = await statusByOrder(a, req);
      // Not there: it never arrived — unless it is still on its way (a slow network), so only once that is impossible.
      if (!status) return Date.now() - Date.parse(req.startedAt) > NEVER_ARRIVED_MS ? { kind: 'declined', reason: UPSTREAM_NOT_FOUND } : 'unknown';
      if (!FOLLOW_UPS.includes(req.type)) return statusOutcome(status);
      const id = String(status.trans_id);
      const res = await post(a, { action: 'GET_TRANS_DETAILS', trans_id: id, hash: paymentHash(a, req, id) }, req.signal);
      if (res.body?.result !== 'SUCCESS') throw new AcquirerTimeoutError(`upstream details lookup failed (${res.status})`);
      return followUpOutcome(req, (res.body.transactions ?? []) as UpstreamTransaction[]);
    },

    notifications: {
      slug: UPSTREAM,
      paymentOf(rawBody) {
        try {
          return getString(parseForm(rawBody), 'order_id') || undefined;
        } catch {
          return undefined;
        }
      },
      async verify(rawBody, scope) {
        const a = await account(scope);
        const form = parseForm(rawBody);
        const transId = getString(form, 'trans_id');
        if (!transId || !hashEquals(paymentHash(a, scope, transId), getString(form, 'hash'))) throw SignatureError.invalid();
        return { final: ['SUCCESS', 'DECLINED'].includes(getString(form, 'result') ?? '') };
      },
    },

    checkSetup({ settings, credentials }) {
      const problems: string[] = [];
      if (!/^https?:\/\/[^\s]+$/.test(settings.url ?? '')) problems.push('upstream-url: an http(s) URL of the upstream gateway is required.');
      if (!credentials?.client_key) problems.push('upstream-key: the client_key at the upstream is required.');
      if (!credentials?.password) problems.push('upstream-password: the password at the upstream is required.');
      if (settings.hashAlgorithm && !['md5', 'sha256'].includes(settings.hashAlgorithm)) problems.push('upstream-hash: md5 or sha256.');
      return problems;
    },
  };
}

/** A synchronous answer of the upstream, as an outcome. */
function outcomeOf(res: HttpAnswer): ConnectorOutcome {
  const b = res.body;
  if (!b || res.status >= 500) throw new AcquirerTimeoutError(`upstream answered ${res.status} without a result`);
  switch (b.result) {
    case 'SUCCESS':
      return approved(b);
    case 'DECLINED':
      return { kind: 'declined', reason: String(b.decline_reason || UPSTREAM_DECLINED) };
    case 'REDIRECT':
      return {
        kind: 'challenge',
        type: b.status === 'REDIRECT' ? 'REDIRECT' : '3DS',
        redirect: { url: String(b.redirect_url), method: b.redirect_method === 'GET' ? 'GET' : 'POST', params: redirectParams(b.redirect_params) },
      };
    case 'ACCEPTED':
      return { kind: 'pending' };
    case 'ERROR':
      // Refused before processing (validation, credentials): nothing happened at the upstream.
      return { kind: 'declined', reason: `The upstream refused the request: ${String(b.error_message ?? 'error')}` };
    default:
      // UNDEFINED: the upstream itself does not know yet; its callback or our inquiry settles it.
      throw new AcquirerTimeoutError(`upstream answered ${String(b.result)}`);
  }
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
  if (APPROVED_STATUSES.includes(String(s.status))) return approved(s);
  if (s.status === 'DECLINED') return { kind: 'declined', reason: String(s.decline_reason || UPSTREAM_DECLINED) };
  return 'unknown';
}

/**
 * A follow-up's outcome from the upstream's transaction list: its first transaction of the same type and amount sent
 * since ours (dates are whole seconds, UTC) that has an outcome.
 */
function followUpOutcome(req: ConnectorInquiry, txs: UpstreamTransaction[]): ConnectorOutcome | 'unknown' {
  const amount = formatAmount({ minor: req.amount, currency: req.currency });
  const since = Date.parse(req.startedAt) - 5000;
  const match = txs.find((t) => t.type === req.type && t.amount === amount && Date.parse(`${(t.date ?? '').replace(' ', 'T')}Z`) >= since && t.status !== 'waiting');
  if (!match) return 'unknown';
  return match.status === 'success' ? { kind: 'approved', rrn: '', approvalCode: '' } : { kind: 'declined', reason: match.decline_reason || UPSTREAM_DECLINED };
}

function redirectParams(v: unknown): Record<string, string> {
  if (Array.isArray(v)) return Object.fromEntries(v.map((p: { name: string; value: string }) => [String(p.name), String(p.value)]));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, val]) => [k, String(val)]));
  return {};
}
