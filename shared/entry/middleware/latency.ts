/**
 * One log line per invocation: the handler, its latency and a summary of what it did (an HTTP status, a sweep's
 * counts), never a body. The latency also goes to the Latency metric (metrics.ts publishes after this runs).
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { logger } from '../../lib/logger.js';
import { LATENCY_MS } from './metrics.js';

const STARTED = Symbol('started');

/** What the log line says about the outcome; `response` is undefined when the invocation failed. */
export type Summary<R> = (response: R | undefined) => Record<string, unknown>;

export function latency<R>(name: string, summary?: Summary<R>): MiddlewareObj<unknown, R> {
  const internal = (request: Request<unknown, R>) => request.internal as Record<symbol, number>;
  const done = (request: Request<unknown, R>) => {
    const latencyMs = Math.round((performance.now() - (internal(request)[STARTED] ?? performance.now())) * 10) / 10;
    internal(request)[LATENCY_MS] = latencyMs;
    // An error still unhandled here fails the invocation (an event source retries it): logged by the caller's runtime.
    const failed = request.error !== undefined && request.response === undefined;
    logger.info('invocation', { handler: name, latencyMs, ...(failed ? { failed: true } : summary?.(request.response ?? undefined)) });
  };
  return {
    before: (request) => {
      internal(request)[STARTED] = performance.now();
    },
    after: done,
    onError: done,
  };
}
