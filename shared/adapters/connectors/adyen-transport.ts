/**
 * How the Adyen connector reaches Adyen's Checkout API: one JSON POST with its headers (X-API-Key, Idempotency-Key),
 * the answer's status, headers and parsed JSON body. Injected, so a test can wrap it (count the requests, add a mock
 * server's own headers) while the real one still does the sending.
 *
 * The real one vets the URL exactly as the upstream's transport does (http-transport.ts, shared/lib/net): every address
 * the host resolves to is checked on every use, the POST goes to the vetted address, a live stage requires https,
 * and redirects are never followed (a 307 would re-POST the card number wherever it points). A request is never sent
 * again after a reset connection: Adyen may have processed it, and its webhook says.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Resolver } from '../../lib/net/public-url.js';
import { postToAcquirer, type AcquirerAddressRules } from './http-transport.js';

export interface AdyenAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON object, or undefined when the body was not one. */
  body: Record<string, unknown> | undefined;
}

export interface AdyenCall {
  headers: Record<string, string>;
  json: unknown;
}

export type AdyenTransport = (url: string, call: AdyenCall, signal?: AbortSignal) => Promise<AdyenAnswer>;

export function adyenTransport(rules: AcquirerAddressRules, resolve?: Resolver): AdyenTransport {
  return (url, call, signal) =>
    // Every Adyen request moves money or completes a payment (the Checkout API has no inquiry): never sent twice.
    postToAcquirer(
      url,
      rules,
      { headers: { ...call.headers, 'content-type': 'application/json' }, body: JSON.stringify(call.json), signal, resend: 'never' },
      resolve,
    );
}
