/**
 * The body of an S2S request as form-urlencoded text. The protocol's own examples send both
 * application/x-www-form-urlencoded and multipart/form-data, and clients in the wild do too. A multipart body is
 * decoded (undici's FormData parser, built into Node) and re-encoded as urlencoded text, so everything after this —
 * the bracket-notation parser, hashes, idempotency keys — sees one format, and the same request sent either way has
 * the same idempotency key (a multipart boundary is random per request). The 64 KB cap (body-limit.ts) applies to the
 * body as sent, before this runs.
 */
import { ValidationError } from '../../domain/errors.js';
import { header, rawBody, type HttpEvent } from './http.js';

export const BAD_MULTIPART = 'Request body is not valid multipart/form-data.';

const decoded = new WeakMap<HttpEvent, string>();

function isMultipart(event: HttpEvent): boolean {
  return /^\s*multipart\/form-data\s*(;|$)/i.test(header(event, 'content-type') ?? '');
}

export async function s2sFormBody(event: HttpEvent): Promise<string> {
  if (!isMultipart(event)) return rawBody(event);
  const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  let data: FormData;
  try {
    data = await new Request('http://s2s.invalid/', {
      method: 'POST',
      headers: { 'content-type': header(event, 'content-type')! },
      body: new Uint8Array(bytes),
    }).formData();
  } catch {
    throw ValidationError.field('', BAD_MULTIPART);
  }
  const form = new URLSearchParams();
  // File parts carry no protocol field (every value is text); they are ignored, like unknown fields.
  data.forEach((value, name) => {
    if (typeof value === 'string') form.append(name, value);
  });
  const body = form.toString();
  decoded.set(event, body);
  return body;
}

/** For the error answer (synchronous): the body s2sFormBody produced, or '' for a multipart body it never decoded. */
export function decodedFormBody(event: HttpEvent): string {
  return decoded.get(event) ?? (isMultipart(event) ? '' : rawBody(event));
}
