/**
 * Checkout (JSON, merchant_key + hash): the hosted-page session and the payment operations, each signed with its
 * §2.3 field list: sha1(md5(upper(fields . PASSWORD))).
 */
import {
  checkoutHash,
  type CheckoutAcceptedAnswer,
  type CheckoutPaymentStatusAnswer,
  type CheckoutRecurringAnswer,
  type CheckoutSessionAnswer,
  type CheckoutVoidAnswer,
  type HashAlgorithm,
} from '@open-payments/protocol';
import type { Transport } from '../wire/transport.js';

export interface CheckoutOrder {
  number: string;
  /** As text, exactly as it goes into the hash ("10.00"). */
  amount: string;
  currency: string;
  description: string;
}

export interface SessionRequest {
  operation: 'purchase' | 'debit' | 'credit' | 'transfer';
  order: CheckoutOrder;
  success_url: string;
  cancel_url?: string;
  expiry_url?: string;
  error_url?: string;
  url_target?: '_blank' | '_self' | '_parent' | '_top';
  methods?: string[];
  channel_id?: string;
  session_expiry?: number;
  req_token?: boolean;
  card_token?: string[];
  recurring_init?: boolean;
  schedule_id?: string;
  customer?: { name?: string; email?: string; birth_date?: string; ip?: string };
  billing_address?: {
    country?: string;
    state?: string;
    city?: string;
    district?: string;
    address?: string;
    house_number?: string;
    zip?: string;
    phone?: string;
    language?: string;
  };
  parameters?: Record<string, unknown>;
  custom_data?: Record<string, unknown>;
  payee?: Record<string, unknown>;
  payee_billing_address?: Record<string, unknown>;
  crypto?: { network?: string };
  vat_calc?: boolean;
  auth?: boolean;
  moto_type?: string;
}

/** The values a payment's `status` takes: the platform's own set (generated with the answers). */
export type { CheckoutPaymentStatus } from '@open-payments/protocol';

/** The answers, as the platform declares them (@open-payments/protocol answers.ts). */
export type PaymentStatusResult = CheckoutPaymentStatusAnswer;
export type AcceptedResult = CheckoutAcceptedAnswer;
export type VoidResult = CheckoutVoidAnswer;
export type RecurringResult = CheckoutRecurringAnswer;

export class Checkout {
  constructor(
    private readonly transport: Transport,
    private readonly credentials: { clientKey: string; password: string; hashAlgorithm: HashAlgorithm },
  ) {}

  /** POST /api/v1/session: `redirect_url` of the hosted payment page, where the payer goes. */
  createSession(req: SessionRequest): Promise<CheckoutSessionAnswer> {
    const o = req.order;
    return this.post('/api/v1/session', { ...(req as object), hash: this.sign([o.number, o.amount, o.currency, o.description]) });
  }

  /** By payment_id or by order_id (hash over the one sent). */
  status(req: { payment_id: string } | { order_id: string }): Promise<PaymentStatusResult> {
    const id = 'payment_id' in req ? req.payment_id : req.order_id;
    return this.post('/api/v1/payment/status', { ...req, hash: this.sign([id]) });
  }

  /** Full or partial (amount) refund; the outcome comes by callback. */
  refund(req: { payment_id: string; amount?: string }): Promise<AcceptedResult> {
    return this.post('/api/v1/payment/refund', { ...req, hash: this.sign([req.payment_id, req.amount]) });
  }

  capture(req: { payment_id: string; amount?: string }): Promise<AcceptedResult> {
    return this.post('/api/v1/payment/capture', { ...req, hash: this.sign([req.payment_id, req.amount]) });
  }

  void(req: { payment_id: string }): Promise<VoidResult> {
    return this.post('/api/v1/payment/void', { ...req, hash: this.sign([req.payment_id]) });
  }

  retry(req: { payment_id: string }): Promise<AcceptedResult> {
    return this.post('/api/v1/payment/retry', { ...req, hash: this.sign([req.payment_id]) });
  }

  /** A charge on an initial pair; hash without the currency (the initial payment's is used). */
  recurring(req: {
    recurring_init_trans_id: string;
    recurring_token: string;
    order: { number: string; amount: string; description: string };
    schedule_id?: string;
    customer?: { name?: string; email?: string };
  }): Promise<RecurringResult> {
    const o = req.order;
    return this.post('/api/v1/payment/recurring', {
      ...req,
      hash: this.sign([req.recurring_init_trans_id, req.recurring_token, o.number, o.amount, o.description]),
    });
  }

  /** Card credit: a payout to the card of a saved card_token; the payer confirms the expiry on the page at `redirect_url`. */
  cardCredit(req: {
    order_id: string;
    order_amount: string;
    order_currency: string;
    order_description: string;
    card_token: string;
    payee_first_name?: string;
    payee_last_name?: string;
  }): Promise<CheckoutSessionAnswer> {
    return this.post('/api/v1/payment/card/credit', {
      ...req,
      hash: this.sign([req.order_id, req.order_amount, req.order_currency, req.order_description]),
    });
  }

  private sign(parts: Array<string | undefined>): string {
    return checkoutHash(parts, this.credentials.password, this.credentials.hashAlgorithm);
  }

  private post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    return this.transport.send<T>({
      method: 'POST',
      path,
      contentType: 'application/json',
      body: JSON.stringify({ merchant_key: this.credentials.clientKey, ...body }),
    });
  }
}
