/**
 * Powertools Metrics (CloudWatch EMF, one JSON line per invocation in the function's log): Latency per handler, a
 * cold start count, Payments by action and result, CallbackDeliveries by outcome, from the invocation's notes
 * (shared/telemetry.ts). Off unless METRICS_ENABLED (the CDK stack sets it): locally and in tests nothing is printed.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { invocation } from '../telemetry.js';
import { telemetrySettings } from './settings.js';

export const METRICS_NAMESPACE = 'OpenPayments';

let instance: Metrics | undefined;
const metrics = () => (instance ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'payments' }));

/** Latency of the invocation, set by the latency middleware before this one publishes. */
export const LATENCY_MS = Symbol('latencyMs');

const PUBLISH = Symbol('publishMetrics');
const slot = (request: Request) => request.internal as Record<symbol, unknown>;

export function emitMetrics(): MiddlewareObj {
  const flush = (request: Request) => {
    const publish = slot(request)[PUBLISH] as MiddlewareObj | undefined;
    if (!publish) return;
    const inv = invocation();
    const m = metrics();
    if (inv) {
      m.addDimension('handler', inv.name);
      const latency = slot(request)[LATENCY_MS] as number | undefined;
      if (latency !== undefined) m.addMetric('Latency', MetricUnit.Milliseconds, latency);
      for (const p of inv.payments) {
        const single = m.singleMetric();
        single.addDimensions({ action: p.action, result: p.result });
        single.addMetric('Payments', MetricUnit.Count, 1);
      }
      for (const [outcome, count] of Object.entries(inv.deliveries)) {
        const single = m.singleMetric();
        single.addDimension('outcome', outcome);
        single.addMetric('CallbackDeliveries', MetricUnit.Count, count);
      }
    }
    return publish.after!(request);
  };
  return {
    before: (request) => {
      // Decided per invocation: the local platform changes the configuration between runs.
      if (!telemetrySettings().metrics) return;
      const publish = logMetrics(metrics(), { captureColdStartMetric: true });
      slot(request)[PUBLISH] = publish;
      return publish.before!(request);
    },
    after: flush,
    onError: flush,
  };
}
