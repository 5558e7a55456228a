/**
 * The bytes of one callback POST: the form-encoded body and its headers. One module, so what the platform sends and
 * what the callback feed hands `callbacks listen` (the body again, the headers as logged) are the same request.
 */
import { encodeForm, type FormValue } from '../../protocol/form.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../protocol/callbacks/signature-header.js';

export function callbackRequest(req: { fields: Record<string, FormValue>; eventId: string; secrets: string[]; now: Date }): {
  body: string;
  headers: Record<string, string>;
} {
  const body = callbackBody(req.fields);
  const timestamp = Math.floor(req.now.getTime() / 1000);
  return { body, headers: callbackHeaders(req.eventId, signatureHeader(body, timestamp, req.secrets)) };
}

/** The form body: the same fields always give the same bytes. */
export function callbackBody(fields: Record<string, FormValue>): string {
  // Builders leave out what must not be sent; an empty string they include is meant (spec: ARN "empty in callbacks when missing").
  return encodeForm(fields, { keepEmpty: true });
}

/** The headers of a POST; `signature` the X-Callback-Signature it carries (none: an attempt logged without one). */
export function callbackHeaders(eventId: string, signature: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    [EVENT_ID_HEADER]: eventId,
    ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
  };
}
