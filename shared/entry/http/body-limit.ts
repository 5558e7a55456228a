/**
 * Refuses a body over MAX_BODY_BYTES before anything decodes or parses it (API Gateway passes up to 10 MB; no route
 * accepts that much), in the route's own error format (wire-errors.ts), which then sees no body either.
 */
import type { MiddlewareObj } from '@middy/core';
import { RequestTooLargeError } from '../../domain/errors.js';
import { MAX_BODY_BYTES } from '../../protocol/limits.js';
import { bodyBytes, type HttpEvent, type HttpResult } from './http.js';

export function bodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: (request) => {
      if (bodyBytes(request.event) <= maxBytes) return;
      request.event = { ...request.event, body: undefined, isBase64Encoded: false };
      throw new RequestTooLargeError(maxBytes);
    },
  };
}
