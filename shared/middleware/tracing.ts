/**
 * Powertools Tracer, sampled: TRACE_SAMPLE_RATE of the invocations get a handler subsegment carrying the noted ids and
 * outcome as annotations (searchable in X-Ray) and any error; the others add nothing to Lambda's own trace. Responses
 * are never captured (they are merchant data). Outside Lambda the Tracer disables itself, so locally this is a no-op.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { invocation } from '../telemetry.js';
import { telemetrySettings } from './settings.js';

// Outgoing HTTP (merchant callbacks) is not traced: it would send X-Ray headers to merchants.
export const tracer = new Tracer({ serviceName: 'payments', captureHTTPsRequests: false });

const SAMPLED = Symbol('traceSampled');

export function tracing(random: () => number = Math.random): MiddlewareObj {
  const capture = captureLambdaHandler(tracer, { captureResponse: false });
  const sampled = (request: Request) => (request.internal as Record<symbol, boolean>)[SAMPLED] === true;
  return {
    before: (request) => {
      if (!tracer.isTracingEnabled() || random() >= telemetrySettings().traceSampleRate) return;
      (request.internal as Record<symbol, boolean>)[SAMPLED] = true;
      capture.before!(request);
      const inv = invocation();
      if (inv) inv.annotate = (key, value) => tracer.putAnnotation(key, value);
    },
    after: (request) => {
      if (sampled(request)) return capture.after!(request);
    },
    onError: (request) => {
      if (sampled(request)) return capture.onError!(request);
    },
  };
}
