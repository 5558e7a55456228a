/**
 * CloudWatch metrics through Powertools Metrics (EMF lines in the function's log): Latency per handler, a cold start
 * count, Payments by action and result, CallbackDeliveries by outcome, from the invocation's notes
 * (shared/lib/telemetry.ts). Namespace and names are what the dashboard and alarms read. Off unless METRICS_ENABLED (the
 * CDK stack sets it): locally and in tests nothing is printed.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj, Request } from '@middy/core';
import { invocation } from '../../lib/telemetry.js';
import { telemetrySettings } from './settings.js';

export const METRICS_NAMESPACE = 'OpenPayments';

let instance: Metrics | undefined;
/** Made on the first invocation that publishes: a function with metrics off never builds it. */
const metrics = () => (instance ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'payments' }));

/** Latency of the invocation, set by the latency middleware before this one publishes. */
export const LATENCY_MS = Symbol('latencyMs');

const PUBLISH = Symbol('publishMetrics');
const slot = (request: Request) => request.internal as Record<symbol, unknown>;

export function emitMetrics(): MiddlewareObj {
  const flush = (request: Request) => {
    if (!slot(request)[PUBLISH]) return;
    const inv = invocation();
    const m = metrics();
    if (inv) {
      m.addDimension('handler', inv.name);
      const latency = slot(request)[LATENCY_MS] as number | undefined;
      if (latency !== undefined) m.addMetric('Latency', MetricUnit.Milliseconds, latency);
      // Their own dimensions, so each on its own line (a single metric is written as it is added).
      for (const p of inv.payments)
        m.singleMetric().addDimensions({ action: p.action, result: p.result }).addMetric('Payments', MetricUnit.Count, 1);
      for (const [outcome, count] of Object.entries(inv.deliveries))
        m.singleMetric().addDimension('outcome', outcome).addMetric('CallbackDeliveries', MetricUnit.Count, count);
      // Platform-wide values (infra/observability alarms read them by service alone): no handler dimension.
      for (const [name, value] of Object.entries(inv.observed)) m.singleMetric().addMetric(name, MetricUnit.Count, value);
    }
    m.publishStoredMetrics();
  };
  return {
    before: (request) => {
      // Decided per invocation: the local platform changes the configuration between runs.
      if (!telemetrySettings().metrics) return;
      slot(request)[PUBLISH] = true;
      // Once per container (on-demand initialisations only), by function name.
      metrics().captureColdStartMetric(request.context?.functionName);
    },
    after: flush,
    onError: flush,
  };
}
