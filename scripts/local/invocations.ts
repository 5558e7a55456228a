/**
 * Which function invocation is running, for tools that observe the local platform from inside its process
 * (the benchmark counts DynamoDB calls and handler time per function). Costs one AsyncLocalStorage.run per call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Invocation {
  functionName: string;
  /** Records in the event (a queue or stream batch, a direct handoff's callbacks); 1 for a request or a schedule. */
  records: number;
  /** An SQS event (fed by a queue mapping: its receive and delete are billed SQS requests). */
  fromQueue?: boolean;
}

/** What an event carries, for the observer: its records and whether a queue mapping delivered it. */
export function eventShape(event: unknown): { records: number; fromQueue: boolean } {
  const e = event as { Records?: Array<{ eventSource?: string }>; callbacks?: unknown } | undefined;
  if (Array.isArray(e?.Records)) return { records: e.Records.length, fromQueue: e.Records[0]?.eventSource === 'aws:sqs' };
  return { records: Array.isArray(e?.callbacks) ? e.callbacks.length : 1, fromQueue: false };
}

export interface InvocationObserver {
  started(inv: Invocation): void;
  finished(inv: Invocation, ms: number): void;
}

const current = new AsyncLocalStorage<Invocation>();
let observer: InvocationObserver | undefined;

export function currentInvocation(): Invocation | undefined {
  return current.getStore();
}

/**
 * Work of the local stand-ins for AWS's event sources (the queue and stream pollers: Lambda's event-source mappings
 * on AWS, where it costs the functions no CPU), tagged so a profile can tell it from the functions' own work.
 */
const standIn = new AsyncLocalStorage<string>();

export function runStandIn<R>(name: string, fn: () => R): R {
  return standIn.run(name, fn);
}

export function currentStandIn(): string | undefined {
  return standIn.getStore();
}

/** One observer at a time (the benchmark); undefined removes it. */
export function observeInvocations(o: InvocationObserver | undefined): void {
  observer = o;
}

export function runInvocation<R>(functionName: string, fn: () => Promise<R>, shape = { records: 1, fromQueue: false }): Promise<R> {
  const inv = { functionName, ...shape };
  if (!observer) return current.run(inv, fn);
  const o = observer;
  o.started(inv);
  const start = performance.now();
  return current.run(inv, fn).finally(() => o.finished(inv, performance.now() - start));
}
