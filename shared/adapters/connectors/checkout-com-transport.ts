/**
 * How the Checkout.com connector reaches Checkout.com's API: one JSON POST (a payment, capture, refund, void) or GET
 * (a payment's details or actions) with its headers (Authorization, Cko-Idempotency-Key), the answer's status, headers
 * and parsed JSON body. Injected, so a test can wrap it (record the requests, add a mock server's Prefer header) while
 * the real one still does the sending: it vets the URL as every acquirer transport does (http-transport.ts) and never
 * follows a redirect.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Resolver } from '../../lib/net/public-url.js';
import { postToAcquirer, type AcquirerAddressRules } from './http-transport.js';

export interface CheckoutComAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (an object; an array answer, GET /payments/{id}/actions, under `items`), or undefined. */
  body: Record<string, unknown> | undefined;
}

export interface CheckoutComCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The POST's JSON body; none for a GET. */
  json?: unknown;
}

export type CheckoutComTransport = (url: string, call: CheckoutComCall, signal?: AbortSignal) => Promise<CheckoutComAnswer>;

export function checkoutComTransport(rules: AcquirerAddressRules, resolve?: Resolver): CheckoutComTransport {
  return async (url, call, signal) => {
    const res = await postToAcquirer(
      url,
      rules,
      // A lookup changes nothing at Checkout.com: sent again after a reset connection. A POST moves money: never.
      call.method === 'GET'
        ? { method: 'GET', headers: call.headers, body: '', signal, resend: 'on-reset' }
        : {
            headers: { ...call.headers, 'content-type': 'application/json' },
            body: JSON.stringify(call.json ?? {}),
            signal,
            resend: 'never',
          },
      resolve,
    );
    return { status: res.status, headers: res.headers, body: res.body ?? arrayBody(res.text) };
  };
}

/** A JSON array answer (a payment's actions) as { items }; anything else that is not an object: undefined. */
function arrayBody(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? { items: parsed } : undefined;
  } catch {
    return undefined;
  }
}
