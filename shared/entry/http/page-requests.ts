/** What each page route reads from its request: path, query or form fields, and the browser's Accept-Language. */
import { getString, parseForm } from '../../protocol/form.js';
import type { RawFrameRequest } from '../../protocol/hosted-fields/frame-request.js';
import type { MethodPageQuery, MethodPageSubmission } from '../../operations/s2s-apm/method-page.js';
import { header, rawBody, type HttpEvent } from './http.js';

const acceptLanguage = (event: HttpEvent) => header(event, 'accept-language');

/** GET /hosted-fields/frame/{field}?token=…&origin=…&channel=… */
export function frameRequest(event: HttpEvent): RawFrameRequest & { acceptLanguage?: string } {
  const q = event.queryStringParameters ?? {};
  return {
    field: event.pathParameters?.field,
    token: q.token,
    origin: q.origin,
    channel: q.channel,
    acceptLanguage: acceptLanguage(event),
  };
}

/** GET /post-va/redirect/{transId}?token=… */
export function methodPageQuery(event: HttpEvent): MethodPageQuery {
  return { transId: event.pathParameters?.transId ?? '', token: event.queryStringParameters?.token, acceptLanguage: acceptLanguage(event) };
}

/** POST /post-va/redirect/{transId}: token, decision (approve / reject) and collect[…] (fields the payer supplies). */
export function methodPageSubmission(event: HttpEvent): MethodPageSubmission {
  const form = parseForm(rawBody(event));
  return { ...methodPageQuery(event), token: getString(form, 'token'), decision: getString(form, 'decision'), collected: form.collect };
}
