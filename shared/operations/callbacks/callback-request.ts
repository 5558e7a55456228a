/**
 * The bytes of one callback POST: the form-encoded body and its headers. One function, so what the platform sends
 * and what `callbacks listen` forwards to a developer's machine are the same request.
 */
import { encodeForm, type FormValue } from '../../protocol/form.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../protocol/callbacks/signature-header.js';

export function callbackRequest(req: { fields: Record<string, FormValue>; eventId: string; secrets: string[]; now: Date }): { body: string; headers: Record<string, string> } {
  // Builders leave out what must not be sent; an empty string they include is meant (spec: ARN "empty in callbacks when missing").
  const body = encodeForm(req.fields, { keepEmpty: true });
  const timestamp = Math.floor(req.now.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      [EVENT_ID_HEADER]: req.eventId,
      [SIGNATURE_HEADER]: signatureHeader(body, timestamp, req.secrets),
    },
  };
}
