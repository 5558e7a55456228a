/**
 * CloudWatch EMF metrics (one JSON line per invocation in the function's log, emf.ts): Latency per handler, a cold
 * start count, Payments by action and result, CallbackDeliveries by outcome, from the invocation's notes
 * (shared/telemetry.ts). Off unless METRICS_ENABLED (the CDK stack sets it): locally and in tests nothing is printed.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { invocation } from '../telemetry.js';
import { EmfMetrics } from './emf.js';
import { telemetrySettings } from './settings.js';

export const METRICS_NAMESPACE = 'OpenPayments';

let instance: EmfMetrics | undefined;
const metrics = () => (instance ??= new EmfMetrics(METRICS_NAMESPACE, 'payments'));

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
      if (latency !== undefined) m.add('Latency', 'Milliseconds', latency);
      for (const p of inv.payments) m.single({ action: p.action, result: p.result }, 'Payments', 'Count', 1);
      for (const [outcome, count] of Object.entries(inv.deliveries)) m.single({ outcome }, 'CallbackDeliveries', 'Count', count);
      // Platform-wide values (infra/observability alarms read them by service alone): no handler dimension.
      for (const [name, value] of Object.entries(inv.observed)) m.single({}, name, 'Count', value);
    }
    m.publish();
  };
  return {
    before: (request) => {
      // Decided per invocation: the local platform changes the configuration between runs.
      if (!telemetrySettings().metrics) return;
      slot(request)[PUBLISH] = true;
      metrics().coldStartOnce(request.context?.functionName);
    },
    after: flush,
    onError: flush,
  };
}
