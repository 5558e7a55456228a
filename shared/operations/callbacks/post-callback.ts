/**
 * One POST of a callback to the merchant: form-encoded protocol fields, the stable event id and the HMAC signature
 * header, a hard timeout, no redirects followed (a 3xx is not a delivery). The URL is vetted first (SSRF guard:
 * every address its host resolves to must be public) and the POST goes to the vetted address; a refused URL is a
 * failed attempt with the reason. Never throws: returns what happened.
 */
import type { FormValue } from '../../protocol/form.js';
import { callbackRequest } from './callback-request.js';
import { SIGNATURE_HEADER } from '../../protocol/callbacks/signature-header.js';
import { describeFailure, isDelivered } from '../../protocol/callbacks/delivery-policy.js';
import { vetPublicUrl, type AddressPolicy, type Resolver } from '../../lib/net/public-url.js';
import { postPinned } from '../../lib/net/pinned-post.js';

/** Enough of the answer to see "OK"; the rest of a merchant's body is not read. */
const MAX_BODY_CHARS = 64;

export interface PostResult {
  delivered: boolean;
  latencyMs: number;
  httpStatus?: number;
  error?: string;
  timeout: boolean;
  /** The X-Callback-Signature of the POST (logged with the attempt: the callback feed serves it as sent); none when refused unsent. */
  signature?: string;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

export async function postCallback(req: {
  url: string;
  fields: Record<string, FormValue>;
  eventId: string;
  secrets: string[];
  now: Date;
  timeoutMs: number;
  addressPolicy: AddressPolicy;
  /** Tests inject answers; default: the system resolver (node:dns lookup, every address). */
  resolve?: Resolver;
}): Promise<PostResult> {
  const { body, headers } = callbackRequest(req);
  const signature = headers[SIGNATURE_HEADER]!;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    // DNS gets no deadline of its own; the attempt's one applies.
    const target = await Promise.race([vetPublicUrl(req.url, req.addressPolicy, req.resolve), aborted(signal)]);
    if (!target.ok && target.refused) return { delivered: false, latencyMs: elapsed(), timeout: false, error: `refused: ${target.reason}` };
    if (!target.ok) throw target.error;
    // The body read shares the timeout: a merchant that sends headers and then stalls is a timeout too.
    const res = await postPinned(target, {
      headers,
      body,
      signal,
      maxBodyChars: MAX_BODY_CHARS,
      // The merchant deduplicates by the event id, and a callback moves no money: safe to send again after a reset.
      resend: 'on-reset',
    });
    const delivered = isDelivered(res.status, res.body);
    return {
      delivered,
      latencyMs: elapsed(),
      httpStatus: res.status,
      timeout: false,
      signature,
      ...(delivered ? {} : { error: `HTTP ${res.status}` }),
    };
  } catch (err) {
    const failure = describeFailure(signal.aborted ? signal.reason : err);
    return { delivered: false, latencyMs: elapsed(), timeout: failure.timeout, signature, error: failure.error };
  }
}
