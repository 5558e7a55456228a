/** Typed callback events, one per protocol shape. Values are as received (strings; nested groups as objects). */
import type { ParsedForm } from '../wire/form.js';

export interface CheckoutCallback {
  id: string;
  order_number: string;
  order_amount: string;
  order_currency: string;
  order_description: string;
  order_status: string;
  type: string;
  status: 'success' | 'fail' | 'waiting' | 'undefined';
  reason?: string;
  card?: string;
  card_token?: string;
  recurring_token?: string;
  hash: string;
  [field: string]: unknown;
}

export interface S2sCallback {
  action: string;
  result: string;
  status: string;
  order_id: string;
  trans_id: string;
  amount?: string;
  currency?: string;
  decline_reason?: string;
  card?: string;
  brand?: string;
  hash: string;
  [field: string]: unknown;
}

interface Base {
  /** X-Callback-Event-Id: the same on every retry and replay; drop duplicates by it. */
  eventId?: string;
  /** The HMAC's `t` (undefined when the signature was allowed to be missing). */
  signedAt?: number;
  /** Whether the protocol `hash` was checked too (it is when `password` is given, and for S2S CARD the payer's e-mail). */
  hashVerified: boolean;
  raw: ParsedForm;
}

export type CallbackEvent =
  | (Base & { protocol: 'checkout'; data: CheckoutCallback })
  | (Base & { protocol: 's2s-card'; data: S2sCallback })
  | (Base & { protocol: 's2s-apm'; data: S2sCallback });
