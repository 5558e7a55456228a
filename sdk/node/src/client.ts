/** The merchant's entry point: one client per merchant account (client_key + PASSWORD) and platform URL. */
import type { HashAlgorithm } from '@open-payments/protocol';
import { Transport, type RetryPolicy } from './wire/transport.js';
import { S2sCard } from './api/s2s-card.js';
import { S2sApm } from './api/s2s-apm.js';
import { Checkout } from './api/checkout.js';
import { HostedFields } from './api/hosted-fields.js';

export interface OpenPaymentsOptions {
  /** The platform's base URL, e.g. http://127.0.0.1:3000 locally. */
  baseUrl: string;
  /** client_key (S2S) / merchant_key (Checkout): the same value. */
  clientKey: string;
  /** Used only inside hashes; never sent. */
  password: string;
  /** The merchant's "SHA256 mode" setting (default md5). */
  hashAlgorithm?: HashAlgorithm;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** S2S CARD endpoint: /post answers redirect_params as an object, /v2/post as a [{name, value}] list. */
  s2sCardPath?: '/post' | '/v2/post';
}

export class OpenPayments {
  readonly card: S2sCard;
  readonly apm: S2sApm;
  readonly checkout: Checkout;
  readonly hostedFields: HostedFields;

  constructor(options: OpenPaymentsOptions) {
    const transport = new Transport({ baseUrl: options.baseUrl, retry: options.retry, timeoutMs: options.timeoutMs, fetch: options.fetch });
    const credentials = { clientKey: options.clientKey, password: options.password, hashAlgorithm: options.hashAlgorithm ?? 'md5' };
    this.card = new S2sCard(transport, credentials, options.s2sCardPath);
    this.apm = new S2sApm(transport, credentials);
    this.checkout = new Checkout(transport, credentials);
    this.hostedFields = new HostedFields(transport, credentials);
  }
}
