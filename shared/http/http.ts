/**
 * HTTP plumbing shared by every API handler (API Gateway HTTP API, payload format 2.0):
 * body decoding, JSON/HTML responses, and one middy middleware that logs latency and maps errors
 * to the protocol's wire format. No business rule lives here.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { asPlatformError, RequestTooLargeError, type PlatformError } from '../errors.js';
import type { WireError } from '../protocol/error-wire.js';
import { MAX_BODY_BYTES } from '../protocol/limits.js';
import { logger } from '../logger.js';
import { withFraming } from './framing.js';
import { refreshClockForRequest } from '../deps.js';

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

/**
 * Wraps a handler: logs route, status and latency (never bodies), and turns any thrown error into the caller's
 * wire format. Unexpected errors are logged with their stack and answered as a bare 500.
 */
export function httpHandler(
  route: string,
  fn: (event: HttpEvent) => Promise<HttpResult>,
  toWire: (err: PlatformError, event: HttpEvent) => WireError,
) {
  return middy<HttpEvent, HttpResult>().handler(async (event) => {
    const started = performance.now();
    let result: HttpResult;
    // Checked before anything decodes or parses the body; the error mapping then sees no body either.
    const tooLarge = bodyBytes(event) > MAX_BODY_BYTES;
    try {
      if (tooLarge) throw new RequestTooLargeError(MAX_BODY_BYTES);
      // On a sandbox, rules below read the test clock synchronously: have a reading no older than its cache TTL.
      await refreshClockForRequest();
      result = await fn(event);
    } catch (err) {
      const platformError = asPlatformError(err);
      if (platformError.httpStatus >= 500) logger.error('request failed', { route, error: err as Error });
      const wire = toWire(platformError, tooLarge ? { ...event, body: undefined, isBase64Encoded: false } : event);
      result = json(wire.statusCode, wire.body);
    }
    logger.info('request', { route, statusCode: result.statusCode, latencyMs: Math.round((performance.now() - started) * 10) / 10 });
    return result;
  });
}
