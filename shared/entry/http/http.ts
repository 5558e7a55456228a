/**
 * HTTP primitives of every API handler (API Gateway HTTP API, payload format 2.0): body decoding, headers, JSON and
 * HTML responses. The middlewares (errors, body limit) are in their own files; endpoint.ts puts them together.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MAX_BODY_BYTES } from '../../protocol/limits.js';
import { withFraming } from '../../protocol/framing.js';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Bytes of the body as sent, without decoding it (API Gateway passes up to 10 MB; no route accepts that much). */
export function bodyBytes(event: HttpEvent): number {
  const body = event.body ?? '';
  if (event.isBase64Encoded) return Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
  // A UTF-16 length already over the limit is over it in UTF-8 too: no need to measure.
  return body.length > MAX_BODY_BYTES ? body.length : Buffer.byteLength(body, 'utf8');
}

export function header(event: HttpEvent, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === lower) return v;
  return undefined;
}

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** An HTML page: never framed unless its own CSP names who may frame it (framing.ts). */
export function html(statusCode: number, body: string, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: withFraming({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...headers,
    }),
    body,
  };
}
