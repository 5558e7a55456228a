/**
 * What the platform needs from an acquirer. A real acquirer is one new file in shared/connectors implementing this,
 * registered in shared/connectors/registry.ts.
 */
import type { CardOnFile } from '../domain/card-on-file.js';

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
  amount: number;
  currency: string;
  card?: ConnectorCard;
  /** true: hold funds (authorization); false: sale. */
  authorize: boolean;
  /** External 3DS results supplied by the merchant: the connector must not run its own 3DS. */
  externalThreeDs: boolean;
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

export type ConnectorOutcome =
  | { kind: 'approved'; rrn: string; approvalCode: string; arn?: string }
  | { kind: 'declined'; reason: string; rrn?: string }
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
    };

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
}

export interface Connector {
  readonly name: string;
  /** Some acquirers reject a payment without the payer's Accept header (INVALID_REQUEST). */
  readonly requiresAcceptHeader: boolean;
  pay(req: ConnectorPaymentRequest): Promise<ConnectorOutcome>;
  /** Result of the 3DS / redirect step the payer completed. */
  completeChallenge(req: ConnectorPaymentRequest & { type: '3DS' | 'REDIRECT' }): Promise<ConnectorOutcome>;
  capture(req: { transId: string; amount: number; currency: string; card?: { expMonth: string; expYear: string } }): Promise<ConnectorOutcome>;
  refund(req: { transId: string; amount: number; currency: string; reversal: boolean }): Promise<ConnectorOutcome>;
  void(req: { transId: string; amount: number; currency: string }): Promise<ConnectorOutcome>;
  payout(req: { transId: string; amount: number; currency: string; card: ConnectorCard }): Promise<ConnectorOutcome>;
  /**
   * The final outcome of an unanswered transaction, if the acquirer knows it yet ('unknown' otherwise). Optional: the
   * reconciler gives up on transactions of a connector without it once they are old enough.
   */
  inquire?(req: ConnectorInquiry): Promise<ConnectorOutcome | 'unknown'>;
}
