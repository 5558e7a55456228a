/**
 * Hosted payment fields: the session token (merchant_key + Checkout authentication hash), then the session update
 * and the processing call with the `Token` header. The card itself never passes the merchant: the iframes send it.
 */
import {
  checkoutHash,
  type HashAlgorithm,
  type HostedFieldsPaymentAnswer,
  type HostedFieldsTokenAnswer,
  type HostedFieldsUpdateAnswer,
} from '@open-payments/protocol';
import type { Transport } from '../wire/transport.js';
import type { SessionRequest } from './checkout.js';

export interface SessionTokenRequest extends Omit<SessionRequest, 'operation' | 'success_url'> {
  operation: 'purchase' | 'debit';
  /** Where the payer comes back after 3DS. */
  return_url: string;
  success_url?: string;
}

export interface SessionUpdate {
  order_amount?: string;
  order_currency?: string;
  recurring_init?: boolean;
  req_token?: boolean;
  /** null removes it. */
  schedule_id?: string | null;
  parameters?: Record<string, unknown>;
  custom_data?: Record<string, unknown>;
}

export interface ProcessingRequest {
  /** Cardholder name. */
  name: string;
  email?: string;
  birth_date?: string;
  selected_language?: string;
  billing_address?: Record<string, string>;
  browser_info?: Record<string, string | number | boolean>;
  [field: string]: unknown;
}

/** The processing answer, as the platform declares it (@open-payments/protocol answers.ts). */
export type ProcessingResult = HostedFieldsPaymentAnswer;

export class HostedFields {
  constructor(
    private readonly transport: Transport,
    private readonly credentials: { clientKey: string; password: string; hashAlgorithm: HashAlgorithm },
  ) {}

  /** POST /api/v1/session/token: the token the page's hosted-fields script is initialised with. */
  createSessionToken(req: SessionTokenRequest): Promise<HostedFieldsTokenAnswer> {
    const o = req.order;
    const hash = checkoutHash([o.number, o.amount, o.currency, o.description], this.credentials.password, this.credentials.hashAlgorithm);
    return this.transport.send({
      method: 'POST',
      path: '/api/v1/session/token',
      contentType: 'application/json',
      body: JSON.stringify({ merchant_key: this.credentials.clientKey, ...req, hash }),
    });
  }

  /**
   * PUT /api/v1/session/update. Where the merchant requires signed updates, pass `signed` with the session's amount,
   * currency (after the update) and description: the hash binds them to this Token.
   */
  updateSession(
    token: string,
    changes: SessionUpdate,
    signed?: { order_amount: string; order_currency: string; order_description: string },
  ): Promise<HostedFieldsUpdateAnswer> {
    const hash = signed
      ? checkoutHash(
          [token, signed.order_amount, signed.order_currency, signed.order_description],
          this.credentials.password,
          this.credentials.hashAlgorithm,
        )
      : undefined;
    return this.transport.send({
      method: 'PUT',
      path: '/api/v1/session/update',
      contentType: 'application/json',
      headers: { Token: token },
      body: JSON.stringify({ ...changes, ...(hash ? { hash } : {}) }),
    });
  }

  /** POST /api/v1/processing/{purchase|debit}/card once the payer submitted the fields. */
  process(token: string, operation: 'purchase' | 'debit', req: ProcessingRequest): Promise<ProcessingResult> {
    return this.transport.send({
      method: 'POST',
      path: `/api/v1/processing/${operation}/card`,
      contentType: 'application/json',
      headers: { Token: token },
      body: JSON.stringify({ with_hosted_fields: true, ...req }),
    });
  }
}
