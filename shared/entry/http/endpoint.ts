/**
 * An API Gateway route's handler: the common middlewares (shared/entry/middleware/handler.ts), then the edge check (only
 * requests through the stage's CloudFront, with the client's address: edge-origin.ts), its error format, the
 * body-size limit and a fresh test-clock reading. `run` only parses, calls one operation and formats the answer.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { lambdaHandler } from '../middleware/handler.js';
import { refreshClockForRequest } from '../composition/core.js';
import { toCheckoutError } from '../../protocol/error-wire.js';
import type { HttpEvent, HttpResult } from './http.js';
import { bodyLimit } from './body-limit.js';
import { edgeOrigin } from './edge-origin.js';
import { wireErrors, type ToWire } from './wire-errors.js';

/** On a sandbox, rules read the test clock synchronously: each request gets a reading no older than its cache TTL. */
const freshClock: MiddlewareObj<HttpEvent, HttpResult> = { before: () => refreshClockForRequest() };

/** The platform's error format wherever a protocol does not name its own (S2S routes pass s2sWire). */
export const checkoutWire: ToWire = (err) => toCheckoutError(err);

/** `route`: the route key as in shared/entry/routes ("POST /post"). */
export function httpEndpoint(
  route: string,
  run: (event: HttpEvent, context: Context) => Promise<HttpResult>,
  toWire: ToWire = checkoutWire,
) {
  return lambdaHandler<HttpEvent, HttpResult>(route, run, {
    summary: (res) => ({ statusCode: res?.statusCode }),
    use: [edgeOrigin(), wireErrors(route, toWire), bodyLimit(), freshClock],
  });
}
