/**
 * The one place a thrown error becomes an HTTP answer: the route's wire format (shared/protocol/error-wire.ts) for
 * PlatformErrors, a bare 500 of that format for anything else, logged with its stack. 5xx details never leave.
 */
import type { MiddlewareObj } from '@middy/core';
import { asPlatformError, type PlatformError } from '../../domain/errors.js';
import type { WireError } from '../../protocol/error-wire.js';
import { logger } from '../../lib/logger.js';
import { notePayment } from '../../lib/telemetry.js';
import { json, type HttpEvent, type HttpResult } from './http.js';

/** Maps an error to the route's wire body; `event` has no body when the body was refused for its size. */
export type ToWire = (err: PlatformError, event: HttpEvent) => WireError;

export function wireErrors(route: string, toWire: ToWire): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: (request) => {
      const err = asPlatformError(request.error);
      if (err.httpStatus >= 500) logger.error('request failed', { route, error: request.error as Error });
      const wire = toWire(err, request.event);
      const action = typeof wire.body.action === 'string' ? wire.body.action : undefined;
      if (action) notePayment(action, 'ERROR');
      // Set, not returned: the middlewares outside (latency, metrics, log context) still run.
      request.response = json(wire.statusCode, wire.body);
    },
  };
}
