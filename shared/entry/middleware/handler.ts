/**
 * Every Lambda handler of the platform is built here, so each handler file names only its route or event and its
 * operation. The middlewares, outermost first:
 *   log context (Powertools Logger) → metrics (Powertools Metrics, EMF) →
 *   latency (one log line) → the caller's own (HTTP: wire errors, body limit, test clock; shared/entry/http/endpoint.ts).
 * Each invocation runs with its own notes (shared/lib/telemetry.ts), so concurrent invocations of the local gateway
 * keep their ids apart.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { withInvocation } from '../../lib/telemetry.js';
import { logContext } from './log-context.js';
import { emitMetrics } from './metrics.js';
import { latency, type Summary } from './latency.js';

export interface HandlerOptions<R> {
  /** What the invocation's log line says about its response. */
  summary?: Summary<R>;
  /** Middlewares inside the common ones (run after them on the way in, before them on the way out). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a route mixes middlewares typed for different events
  use?: MiddlewareObj<any, R>[];
}

/** `name`: the route key ("POST /post") or the function's job ("callback batch"). */
export function lambdaHandler<E, R>(name: string, fn: (event: E, context: Context) => Promise<R>, opts: HandlerOptions<R> = {}) {
  const chain = middy<E, R>()
    .use(logContext(name))
    .use(emitMetrics())
    .use(latency<R>(name, opts.summary) as MiddlewareObj<E, R>);
  for (const m of opts.use ?? []) chain.use(m);
  const handler = chain.handler(fn);
  // Both optional, as a test or a schedule may call it without them (middy then passes {}).
  return (event?: E, context?: Context): Promise<R> => withInvocation(name, () => handler(event as E, context as Context));
}
