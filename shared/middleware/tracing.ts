/**
 * Sampled tracing: TRACE_SAMPLE_RATE of the invocations Lambda traces get a handler subsegment ("## <handler>")
 * carrying the noted ids and outcome as annotations (searchable in X-Ray) and any error; the others add nothing to
 * Lambda's own trace. Responses are never captured (they are merchant data), outgoing HTTP is not traced (it would
 * send X-Ray headers to merchants). Written straight to the X-Ray daemon (xray-segment.ts) rather than with the
 * Powertools Tracer, whose X-Ray SDK was ~120 KiB of every bundle. Outside Lambda (no trace header, no daemon
 * address) this is a no-op.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { invocation } from '../telemetry.js';
import { telemetrySettings } from './settings.js';
import { Subsegment, daemonAddress, sendToDaemon, traceHeader } from './xray-segment.js';

const SEGMENT = Symbol('traceSubsegment');
let coldStart = true;

export function tracing(name: string, random: () => number = Math.random): MiddlewareObj {
  const slot = (request: Request) => request.internal as Record<symbol, Subsegment | undefined>;
  const end = async (request: Request) => {
    const segment = slot(request)[SEGMENT];
    if (!segment) return;
    slot(request)[SEGMENT] = undefined;
    if (request.error) segment.fail(request.error);
    await sendToDaemon(segment.document());
  };
  return {
    before: (request) => {
      const cold = coldStart;
      coldStart = false;
      const trace = traceHeader();
      if (!trace?.sampled || !daemonAddress() || random() >= telemetrySettings().traceSampleRate) return;
      const segment = new Subsegment(`## ${name}`, trace);
      segment.annotate('ColdStart', cold);
      segment.annotate('Service', 'payments');
      slot(request)[SEGMENT] = segment;
      const inv = invocation();
      if (inv) inv.annotate = (key, value) => segment.annotate(key, value);
    },
    after: end,
    onError: end,
  };
}
