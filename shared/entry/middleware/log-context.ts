/**
 * Powertools Logger context on every log line of the invocation (function name, request id, cold start) and the ids
 * noted during it (shared/lib/telemetry.ts noteIds), cleared when it ends. The event is never logged: bodies can hold
 * card data. Tolerates a missing Lambda context (a test calling a handler directly): the handler's name stands in.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../../lib/logger.js';

export function logContext(name: string): MiddlewareObj {
  const inner = injectLambdaContext(logger, { resetKeys: true, logEvent: false });
  return {
    before: (request) => {
      const context = (request.context ?? {}) as Partial<Context>;
      request.context = (context.functionName ? context : { ...context, functionName: name }) as Context;
      return inner.before!(request);
    },
    after: inner.after,
    onError: inner.onError,
  };
}
