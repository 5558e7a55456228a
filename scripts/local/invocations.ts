/**
 * Which function invocation is running, for tools that observe the local platform from inside its process
 * (the benchmark counts DynamoDB calls and handler time per function). Costs one AsyncLocalStorage.run per call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Invocation {
  functionName: string;
  /** Records in the event (a queue or stream batch); 1 for a request or a schedule. */
  records: number;
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

/** One observer at a time (the benchmark); undefined removes it. */
export function observeInvocations(o: InvocationObserver | undefined): void {
  observer = o;
}

export function runInvocation<R>(functionName: string, fn: () => Promise<R>, records = 1): Promise<R> {
  const inv = { functionName, records };
  if (!observer) return current.run(inv, fn);
  const o = observer;
  o.started(inv);
  const start = performance.now();
  return current.run(inv, fn).finally(() => o.finished(inv, performance.now() - start));
}
