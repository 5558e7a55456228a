/**
 * What the platform needs from an acquirer. A real acquirer is one new file in shared/adapters/connectors implementing this,
 * listed in shared/adapters/connectors/index.ts (docs/connectors.md). Every request names the MID it is made for and carries
 * a reference to that MID's sealed credentials: one connector serves many MIDs, each with its own account.
 * Operations never call a Connector directly: the registry (shared/adapters/connectors/registry.ts) binds it to a MID and
 * applies its policy (timeout, retries of idempotent calls).
 */
import type { CardOnFile } from '../domain/card-on-file.js';

/**
 * A MID's credentials at its acquirer, sealed with the merchant-secrets key: opened by the connector, in memory only,
 * when it calls the acquirer. `context` binds the ciphertext to its MID (SecretBox.open).
 */
export interface SealedCredentials {
  sealed: string;
  context: string;
}

/** The MID a request is made for: who it is, its connector settings (not secret) and its sealed credentials. */
export interface ConnectorMid {
  clientKey: string;
  midId: string;
  /** Connector settings of the MID that are not secret (e.g. the upstream gateway's URL). */
  settings: Record<string, string>;
  credentials?: SealedCredentials;
}

/** The payment a follow-up or inquiry is about, as much as an acquirer's request signatures may need. */
export interface ConnectorPaymentRef {
  transId: string;
  orderId: string;
  payerEmail?: string;
  /** Masked card only (first six, last four, expiry). */
  card?: { bin: string; last4: string; expMonth: string; expYear: string };
  /** The action that created the payment (CREDIT2CARD payouts are signed differently by some acquirers). */
  action: string;
  /** The acquirer's reference of the payment's own transaction, as recorded (Adyen: its pspReference). */
  rrn?: string;
  /**
   * Our reference of the payment at the acquirer: the trans_id, with the cascade attempt for a payment that moved to
   * another MID (shared/domain/acquirer-reference.ts). Absent: the trans_id.
   */
  reference?: string;
}

/** What the registry adds to every request: the MID, the payment it concerns, and the policy's deadline. */
export interface ConnectorScope {
  mid: ConnectorMid;
  /** Set for follow-ups and inquiries (the payment exists); absent on a new payment's first request. */
  payment?: ConnectorPaymentRef;
  /** Aborted when the policy's timeout passes: a connector that does I/O passes it on. */
  signal?: AbortSignal;
}

/** How the registry calls a connector: its timeout, and how often an idempotent call (inquire) is tried again. */
export interface ConnectorPolicy {
  timeoutMs: number;
  /** Extra tries of an inquiry that failed. Payments, captures, refunds and voids are never repeated blindly. */
  inquiryRetries: number;
}

/** The payer, for acquirers whose messages carry them (an upstream gateway requires names, e-mail, phone). */
export interface ConnectorPayer {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  country?: string;
  state?: string;
  city?: string;
  zip?: string;
}

export interface ConnectorCard {
  /** Full PAN, in memory only for the duration of the call. */
  number: string;
  expMonth: string;
  expYear: string;
  cvv?: string;
  holder?: string;
}

export interface ConnectorPaymentRequest {
  transId: string;
  /**
   * 2 and up: the payment cascaded here after a soft decline on another MID (docs/routing.md); the acquirer's
   * reference and Idempotency-Key of the payment are then attemptReference(transId, routingAttempt).
   */
  routingAttempt?: number;
  /** The merchant's order, for acquirers whose messages carry it. */
  orderId?: string;
  description?: string;
  payer?: ConnectorPayer;
  /** Where the payer returns after an acquirer's own 3DS / redirect page (the merchant's term_url_3ds). */
  returnUrl?: string;
  amount: number;
  currency: string;
  card?: ConnectorCard;
  /** true: hold funds (authorization); false: sale. */
  authorize: boolean;
  /** External 3DS results supplied by the merchant: the connector must not run its own 3DS. */
  externalThreeDs: boolean;
  /** A merchant's risk rule asked for 3DS (docs/risk.md): challenge the payer whatever the acquirer would decide. */
  requestChallenge?: boolean;
  browser?: { acceptHeader?: string; userAgent?: string };
  /**
   * A 3DS result obtained elsewhere, for the acquirer's authorization message: mpi_data's authentication_value or a
   * wallet token's cryptogram, with its ECI. In memory only, like the PAN.
   */
  authentication?: ConnectorAuthentication;
  /** The payer's IP address, for the acquirer's risk checks (spec: customer.ip is "forwarded to the connector"). */
  payerIp?: string;
  /** Stored-credential use (CIT / MIT, first / subsequent), for acquirers that register card-on-file payments. */
  cardOnFile?: CardOnFile;
}

export interface ConnectorAuthentication {
  value: string;
  eci?: string;
  dsTransId?: string;
  protocolVersion?: string;
}

/**
 * Which payment an acquirer's answer says it is about, in our terms: what the answer itself names, never copied from
 * the request. The registry compares it with the payment the call was made for (connectors/answer-binding.ts); an
 * answer about another payment is no answer (the transaction stays undetermined), whatever it says.
 */
export interface AnswerAbout {
  /** Our trans_id the answer names (the connector decodes its own reference: Adyen's merchantReference). */
  reference?: string;
  /** The acquirer's id of the payment (Adyen's pspReference), compared once the payment has one recorded (its rrn). */
  pspReference?: string;
  /** Minor units and ISO currency the answer names: the payment's, or the follow-up's. */
  amount?: number;
  currency?: string;
}

export type ConnectorOutcome = (
  | { kind: 'approved'; rrn: string; approvalCode: string; arn?: string }
  /**
   * `retryable`: the acquirer's own code says the issuer could not decide now (a soft decline by a structured code, not
   * by its text): routing may try the next MID, unless the reason also says not to try again.
   */
  | { kind: 'declined'; reason: string; rrn?: string; retryable?: boolean }
  /**
   * Accepted; the outcome arrives later, by the acquirer's notification or an inquiry (e.g. a refund). `acquirerRef`:
   * the acquirer's id of the payment, when it gave one, recorded as the payment's rrn for the inquiry to ask by.
   */
  | { kind: 'pending'; acquirerRef?: string }
  /** The payer must authenticate (3DS) or visit a redirect page; the result comes later via completeChallenge. */
  | {
      kind: 'challenge';
      type: '3DS' | 'REDIRECT';
      /**
       * APM only: the payment waits for the provider, not for a page — the payer pays elsewhere (a crypto address)
       * and the provider's notification decides. What the payer needs is in `instructions` (crypto_address ...).
       */
      awaiting?: 'provider';
      instructions?: Record<string, string>;
      /**
       * The acquirer runs the step on its own page: the payer is sent there (passed through in the REDIRECT answer)
       * and the acquirer's notification says when it is done.
       */
      redirect?: ConnectorRedirect;
      /** The acquirer's id of the payment, when it gave one: recorded as the payment's rrn (completion asks by it). */
      acquirerRef?: string;
    }
) & {
  /**
   * What the answer names, for every answer that names something: the registry checks each field given against the
   * payment (connectors/answer-binding.ts). A completion's decision (approved / declined) must give `reference`.
   */
  about?: AnswerAbout;
};

export interface ConnectorRedirect {
  url: string;
  method: 'POST' | 'GET';
  params: Record<string, string>;
}

/**
 * A question about a transaction the acquirer never answered (timeout, or the platform died mid-call): the payment's
 * own transaction (attemptId = transId) or a follow-up (capture, refund, void) with its own id.
 */
export interface ConnectorInquiry {
  transId: string;
  attemptId: string;
  /** The transaction type asked about: SALE, AUTH, DEBIT, CAPTURE, REFUND, REVERSAL, VOID ... */
  type: string;
  amount: number;
  currency: string;
  /** When the platform sent it (ISO). */
  startedAt: string;
  /** Expiry only (sandbox outcomes depend on it); never the PAN. */
  card?: { expMonth: string; expYear: string };
  /** APM payer identifier at the method. */
  identifier?: string;
  /**
   * The payment's transactions recorded before this one, oldest first: an acquirer whose answers name no id of a
   * follow-up (the upstream gateway) tells which of its transactions is this one by the ones before it.
   */
  earlier?: Array<{ type: string; amount: number; status: 'success' | 'waiting' | 'fail'; declineReason?: string }>;
}

export interface CaptureRequest {
  transId: string;
  amount: number;
  currency: string;
  card?: { expMonth: string; expYear: string };
}
export interface RefundRequest {
  transId: string;
  /** This refund / reversal attempt (creditvoid_id): an acquirer gives each its own reference (ARN). */
  attemptId?: string;
  amount: number;
  currency: string;
  reversal: boolean;
}
export interface VoidRequest {
  transId: string;
  amount: number;
  currency: string;
}
/**
 * Taking back a payment the platform recorded as declined (docs/reconciliation.md "Late outcomes"): by the acquirer's
 * id of it when the acquirer named one (its late approval did), otherwise by our reference (a technical cancel).
 */
export interface LateReversalRequest {
  transId: string;
  /** Our reference of the payment at the acquirer (trans_id, or trans_id-aN for a cascade attempt). */
  reference: string;
  /** The acquirer's id of the payment (Adyen pspReference, Checkout.com pay_…), when known. */
  acquirerRef?: string;
  amount: number;
  currency: string;
}

export interface PayoutRequest {
  transId: string;
  amount: number;
  currency: string;
  card: ConnectorCard;
  orderId?: string;
  description?: string;
}

/** The payer finished the 3DS / redirect step: the payment again, and what the payer brought back, if anything. */
export type ChallengeCompletion = ConnectorPaymentRequest & {
  type: '3DS' | 'REDIRECT';
  /** The parameters the payer returned with from the acquirer's own page (Adyen: redirectResult), in memory only. */
  payerReturn?: Record<string, string>;
};

/** A request as the connector receives it: the operation's request plus the registry's scope (MID, payment, deadline). */
export type Scoped<T> = T & ConnectorScope;

/**
 * An acquirer, as one file in shared/adapters/connectors. The platform relies on these behaviours of every connector:
 * - a call that throws, or does not answer by the policy's deadline, leaves the transaction undetermined (the
 *   reconciler's inquire, or the acquirer's verified notification, settles it); a payment, capture, refund or void is
 *   never sent twice by the platform;
 * - every outcome reports in `about` what the acquirer's answer names (our reference, the acquirer's payment id, the
 *   amount and currency), and nothing the answer does not name. The registry compares it with the payment the call
 *   was for: a mismatch is logged, counted (metric MismatchedAcquirerAnswers) and treated as no answer, never as an
 *   approval or a decline. A completeChallenge approval or decline must name its payment (`about.reference`): what the
 *   payer brings back could be another payment's result.
 */
export interface Connector {
  readonly name: string;
  /** Some acquirers reject a payment without the payer's Accept header (INVALID_REQUEST). */
  readonly requiresAcceptHeader: boolean;
  /**
   * The connector honours `requestChallenge` (a 3DS challenge on request). A risk rule's `challenge` is a block on a
   * MID whose connector does not.
   */
  readonly canRequestChallenge?: boolean;
  pay(req: Scoped<ConnectorPaymentRequest>): Promise<ConnectorOutcome>;
  /** Result of the 3DS / redirect step the payer completed. */
  completeChallenge(req: Scoped<ChallengeCompletion>): Promise<ConnectorOutcome>;
  capture(req: Scoped<CaptureRequest>): Promise<ConnectorOutcome>;
  refund(req: Scoped<RefundRequest>): Promise<ConnectorOutcome>;
  void(req: Scoped<VoidRequest>): Promise<ConnectorOutcome>;
  payout(req: Scoped<PayoutRequest>): Promise<ConnectorOutcome>;
  /**
   * The final outcome of an unanswered transaction, if the acquirer knows it yet ('unknown' otherwise). Optional: the
   * reconciler gives up on transactions of a connector without it once they are old enough.
   */
  inquire?(req: Scoped<ConnectorInquiry>): Promise<ConnectorOutcome | 'unknown'>;
  /**
   * Takes back money the platform recorded as not taken: a late approval after a decline, or a payment the
   * reconciler gave up on (by reference). Sent once by the caller, after the conditional write that records it
   * (operations/payment/internal/late-outcome.ts); pending: the acquirer received it; declined: it refused; throws: no answer.
   */
  reverseLate?(req: Scoped<LateReversalRequest>): Promise<ConnectorOutcome>;
  /** reverseLate can cancel a payment the acquirer never named (Adyen's technical cancel by our reference). */
  readonly cancelsByReference?: boolean;
  /** The acquirer's asynchronous notifications, received at POST /providers/{slug}/notifications. */
  readonly notifications?: AcquirerNotifications;
  /** Problems with a MID's setup for this connector (settings, credentials), checked when the MID is created. */
  checkSetup?(setup: { settings: Record<string, string>; credentials?: Record<string, string> }): string[];
  /** The settings as a new MID stores them (one spelling of a URL), once checkSetup found no problem. */
  normalizeSettings?(settings: Record<string, string>): Record<string, string>;
  /** Tries the new MID's setup against the acquirer once (a probe); the problems found, none when it works. */
  probeSetup?(setup: { settings: Record<string, string>; credentials?: Record<string, string> }): Promise<string[]>;
}

/**
 * An acquirer's notification about a payment (a callback, a webhook). The platform does not take its word for the
 * outcome: a verified notification makes the platform settle the payment now, by asking the acquirer (inquire /
 * completeChallenge) — the same conditional writes as the reconciler, so repeated or concurrent ones change it once.
 */
export interface AcquirerNotifications {
  /** Its name in the notification address: POST /providers/{slug}/notifications. */
  readonly slug: string;
  /** Our trans_id the raw notification names, read before anything is trusted; undefined: not one of ours. */
  paymentOf(rawBody: string): string | undefined;
  /**
   * The cascade attempt it names (shared/domain/acquirer-reference.ts), for an acquirer whose notifications name our
   * reference: one of an earlier attempt is verified with that attempt's MID and acknowledged, never applied.
   */
  attemptOf?(rawBody: string): number;
  /**
   * Throws SignatureError unless the notification is authentic for this MID; true when it reports a final outcome.
   * `signature`: the signature header of an acquirer that signs the raw body (Checkout.com's Cko-Signature).
   */
  verify(rawBody: string, scope: Required<Pick<ConnectorScope, 'mid' | 'payment'>>, signature?: string): Promise<VerifiedNotification>;
}

/** What a verified notification reports. */
export interface VerifiedNotification {
  /** It reports a final outcome of one of the payment's transactions. */
  final: boolean;
  /**
   * It reports an outcome a recorded payment may contradict: an approval (of a payment recorded declined), a failed
   * capture or refund (recorded as done). Only a hint, by the event's name: the platform asks the acquirer to confirm
   * (operations/providers/acquirer-late-outcome.ts).
   */
  reports?: { kind: 'approval' | 'capture-failure' | 'refund-failure'; event: string };
  /**
   * It reports how the reversal of a late approval this platform sent ended (reverseLate; the notification names it
   * by our reference of it, Checkout.com's trans_id.late): done, or failed (the money is still taken). Only from a
   * notification whose signature covers its event and reference: recorded as it says, once
   * (operations/payment/late-outcome.ts confirmReversal).
   */
  reversal?: { ok: boolean; event: string; note?: string };
}

/** A connector bound to one MID by the registry: the same calls, without the scope (the registry adds it). */
export interface MidConnector {
  readonly name: string;
  readonly requiresAcceptHeader: boolean;
  pay(req: ConnectorPaymentRequest): Promise<ConnectorOutcome>;
  completeChallenge(req: ChallengeCompletion): Promise<ConnectorOutcome>;
  capture(req: CaptureRequest): Promise<ConnectorOutcome>;
  refund(req: RefundRequest): Promise<ConnectorOutcome>;
  void(req: VoidRequest): Promise<ConnectorOutcome>;
  payout(req: PayoutRequest): Promise<ConnectorOutcome>;
  /** 'unknown' for a connector that cannot be asked. */
  inquire(req: ConnectorInquiry): Promise<ConnectorOutcome | 'unknown'>;
  /** Connector.reverseLate, where the connector has it. */
  reverseLate?(req: LateReversalRequest): Promise<ConnectorOutcome>;
  readonly cancelsByReference?: boolean;
  /** Bound by forPayment only: checks a notification about this payment (AcquirerNotifications.verify). */
  verifyNotification(rawBody: string, signature?: string): Promise<VerifiedNotification>;
}

/** Where operations find connectors (built in the composition root, shared/entry/composition/deps.ts). */
export interface ConnectorRegistry {
  names(): string[];
  /** The named connector (unbound), e.g. to ask its requirements; throws for an unknown name. */
  named(name: string): Connector;
  /** The MID's connector, bound to it: for a new payment. */
  forMid(clientKey: string, mid: MidOfConnector): MidConnector;
  /** The connector that processed the payment, bound to its MID and to the payment: for follow-ups and inquiries. */
  forPayment(p: PaymentOfConnector): Promise<MidConnector>;
  /** The connector whose notifications arrive at /providers/{slug}/notifications, if any. */
  bySlug(slug: string): Connector | undefined;
}

/** What the registry reads of a MID (shared/domain/merchant.ts Mid). */
export interface MidOfConnector {
  midId: string;
  connector: string;
  connectorSettings?: Record<string, string>;
  credentialsSealed?: string;
}

/** What the registry reads of a payment (shared/domain/payment.ts Payment). */
export interface PaymentOfConnector {
  transId: string;
  clientKey: string;
  midId: string;
  connector: string;
  orderId: string;
  action: string;
  payerEmail?: string;
  card?: { bin: string; last4: string; expMonth: string; expYear: string };
  rrn?: string;
  details?: { routingAttempt?: number };
}

/** The context a MID's credentials are sealed under: a sealed blob copied onto another MID does not open. */
export function midCredentialsContext(clientKey: string, midId: string): string {
  return `mid-credentials:${clientKey}:${midId}`;
}

/** A connector refused the MID's URL before anything was sent: nothing reached the acquirer (routing may cascade). */
export class AcquirerUrlRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`acquirer URL refused: ${reason}`);
    this.name = 'AcquirerUrlRefusedError';
  }
}
