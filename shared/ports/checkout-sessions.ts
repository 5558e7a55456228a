/**
 * Checkout sessions: what the merchant asked for in POST /api/v1/session, kept until the payer pays on the hosted
 * page or the session expires. The page link carries an opaque token; only its SHA-256 is stored, so a table
 * read never yields a working link.
 */

export type CheckoutOperation = 'purchase' | 'debit' | 'credit' | 'transfer';

/**
 * open → processing (the payer's attempt is with the acquirer) → challenge (3DS step) → completed (paid, declined,
 * cancelled, expired). Expiry is checked on read.
 */
export type CheckoutSessionState = 'open' | 'processing' | 'challenge' | 'completed';

export interface CheckoutOrder {
  number: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
}

/** A card behind one of the session's card_token values, masked: what the page may show. */
export interface SavedCard {
  token: string;
  bin: string;
  last4: string;
  brand: string;
  expMonth: string;
  expYear: string;
  holder?: string;
}

export interface CheckoutSession {
  tokenHash: string;
  /** The payment's public id (payment_id / callback `id`), fixed when the session is created. */
  paymentId: string;
  clientKey: string;
  operation: CheckoutOperation;
  methods: string[];
  order: CheckoutOrder;
  customer?: { name?: string; email?: string; birthDate?: string };
  billingAddress?: Record<string, string>;
  /** billing_address.language, lowercased; the page falls back to English for codes it has no text for. */
  language?: string;
  successUrl: string;
  cancelUrl?: string;
  expiryUrl?: string;
  errorUrl?: string;
  urlTarget?: string;
  reqToken: boolean;
  cardToken?: string[];
  /** The card_token cards, masked, in the merchant's order (the page offers them). */
  savedCards?: SavedCard[];
  /** /api/v1/payment/card/credit: the payout goes to the token's card only; the page asks for its expiry. */
  savedCardsOnly?: boolean;
  /** card/credit's payee_first_name / payee_last_name: they replace the name kept with the token. */
  payeeName?: { first?: string; last?: string };
  recurringInit: boolean;
  scheduleId?: string;
  /** With schedule_id: the first scheduled charge's date and the amount of scheduled charges (minor units). */
  scheduleStartDate?: string;
  paymentScheduleAmount?: number;
  auth: boolean;
  /**
   * moto_type (spec: "SALE, checkout authentication"): phone_moto, email_moto, default_moto or ecommerce. A MOTO
   * type routes to MOTO-enabled MIDs and makes the page's CVV optional; ecommerce is not MOTO.
   */
  motoType?: string;
  channelId?: string;
  customData?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  payee?: Record<string, unknown>;
  payeeBillingAddress?: Record<string, unknown>;
  state: CheckoutSessionState;
  /**
   * While `processing`: until when the attempt that claimed the session owns it. A crashed attempt leaves the
   * session `processing`; after the lease the page resolves it from the payment record or reopens it.
   */
  leaseUntil?: string;
  /** Set once the payer's attempt created the payment (the Payment item is keyed by paymentId). */
  transId?: string;
  /** The method the payer paid with (`card` or an APM brand), set with transId. */
  paymentMethod?: string;
  /** Hosted Payment Fields sessions only (POST /api/v1/session/token); see shared/operations/hosted-fields. */
  hostedFields?: HostedFieldsSessionData;
  createdAt: string;
  expiresAt: string;
  version: number;
}

export interface CheckoutSessionStore {
  create(session: CheckoutSession): Promise<void>;
  getByTokenHash(tokenHash: string): Promise<CheckoutSession | undefined>;
  /** Writes the next state if nobody changed it since `session.version - 1` (ConflictError otherwise). */
  update(session: CheckoutSession): Promise<void>;
}

/** What a Hosted Payment Fields session keeps beyond a Checkout session's fields. */
export interface HostedFieldsSessionData {
  /** Where the payer comes back to after a 3DS / redirect step. */
  returnUrl: string;
  /** customer.ip, or the IP of the merchant backend that created the session. */
  customerIp: string;
  /** The card the iframes submitted: sealed (PAN, expiry, CVV), dropped by the write that starts the payment. */
  sealedCard?: string;
  /** The sealed card is refused after this instant. */
  cardExpiresAt?: string;
}
