/**
 * One POST of a callback to the merchant: form-encoded protocol fields, the stable event id and the HMAC signature
 * header, a hard timeout, no redirects followed (a 3xx is not a delivery). Never throws: returns what happened.
 */
import { encodeForm, type FormValue } from '../../protocol/form.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../protocol/callbacks/signature-header.js';
import { describeFailure, isDelivered } from '../../protocol/callbacks/delivery-policy.js';

/** Enough of the answer to see "OK"; the rest of a merchant's body is not read. */
const MAX_BODY_CHARS = 64;

export interface PostResult {
  delivered: boolean;
  latencyMs: number;
  httpStatus?: number;
  error?: string;
  timeout: boolean;
}

export async function postCallback(req: {
  url: string;
  fields: Record<string, FormValue>;
  eventId: string;
  secrets: string[];
  now: Date;
  timeoutMs: number;
}): Promise<PostResult> {
  // Builders leave out what must not be sent; an empty string they include is meant (spec: ARN "empty in callbacks when missing").
  const body = encodeForm(req.fields, { keepEmpty: true });
  const timestamp = Math.floor(req.now.getTime() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    const res = await fetch(req.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        [EVENT_ID_HEADER]: req.eventId,
        [SIGNATURE_HEADER]: signatureHeader(body, timestamp, req.secrets),
      },
      body,
      redirect: 'manual',
      signal,
    });
    // The body read shares the timeout: a merchant that sends headers and then stalls is a timeout too.
    const text = (await res.text()).slice(0, MAX_BODY_CHARS);
    const delivered = isDelivered(res.status, text);
    return { delivered, latencyMs: elapsed(), httpStatus: res.status, timeout: false, ...(delivered ? {} : { error: `HTTP ${res.status}` }) };
  } catch (err) {
    const failure = describeFailure(signal.aborted ? signal.reason : err);
    return { delivered: false, latencyMs: elapsed(), timeout: failure.timeout, error: failure.error };
  }
}
