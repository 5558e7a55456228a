/**
 * How the Adyen connector reaches Adyen's Checkout API: one JSON POST with its headers (X-API-Key, Idempotency-Key),
 * the answer's status, headers and parsed JSON body. Injected, so a test can wrap it (count the requests, add a mock
 * server's own headers) while the real one still does the sending.
 *
 * The real one vets the URL exactly as the upstream's transport does (http-transport.ts, shared/net): every address
 * the host resolves to is checked on every use, the POST goes to the vetted address, a live stage requires https,
 * and redirects are never followed (a 307 would re-POST the card number wherever it points).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { vetPublicUrl, type Resolver } from '../net/public-url.js';
import { postPinned } from '../net/pinned-post.js';
import { AcquirerUrlRefusedError, refusedAcquirerUrl, type AcquirerAddressRules } from './http-transport.js';

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

/** Adyen's answers are small JSON documents; a longer body is cut and reads as not JSON. */
const MAX_BODY_CHARS = 1_000_000;
const NO_DEADLINE_MS = 60_000;

export function adyenTransport(rules: AcquirerAddressRules, resolve?: Resolver): AdyenTransport {
  return async (url, call, signal) => {
    const refused = refusedAcquirerUrl(url, rules);
    if (refused) throw new AcquirerUrlRefusedError(refused);
    const target = await vetPublicUrl(url, rules, resolve);
    if (!target.ok && target.refused) throw new AcquirerUrlRefusedError(target.reason);
    if (!target.ok) throw target.error;
    const res = await postPinned(target, {
      headers: { ...call.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(call.json),
      signal: signal ?? AbortSignal.timeout(NO_DEADLINE_MS),
      maxBodyChars: MAX_BODY_CHARS,
    });
    return { status: res.status, headers: res.headers, body: parseObject(res.body) };
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
