/**
 * What an invocation tells about itself besides its answer: the ids it concerns (log keys), the payments it decided
 * (metrics by action and result), callback deliveries. Handlers and operations call the note* functions; the
 * middlewares (shared/entry/middleware) turn the notes into log context and metrics, and forget them when the invocation
 * ends. Traces are Lambda's own (active tracing), with no code of ours (docs/telemetry.md). Never pass card data,
 * bodies or secrets: only ids and outcomes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from './logger.js';

/** Ids as the protocol names them; a log line of the invocation carries the ones known. */
export interface InvocationIds {
  client_key?: string;
  trans_id?: string;
  order_id?: string;
}

export interface PaymentNote {
  /** The protocol's action or operation (SALE, CAPTURE, session, ...). */
  action: string;
  /** Its result (SUCCESS, DECLINED, REDIRECT, ACCEPTED, ERROR, ...). */
  result: string;
}

/** One invocation's notes; the middlewares read them. */
export interface Invocation {
  name: string;
  ids: InvocationIds;
  payments: PaymentNote[];
  /** Callback deliveries by outcome (delivered, retry, failed, ...). */
  deliveries: Record<string, number>;
  /** Other values this invocation observed, by metric name (KmsErrors, UndeterminedPayments): service dimension only. */
  observed: Record<string, number>;
}

const current = new AsyncLocalStorage<Invocation>();

/** Runs one invocation with its own notes (concurrent invocations of the local gateway do not mix). */
export function withInvocation<T>(name: string, run: () => T): T {
  return current.run({ name, ids: {}, payments: [], deliveries: {}, observed: {} }, run);
}

export function invocation(): Invocation | undefined {
  return current.getStore();
}

/** The ids this invocation concerns, once known: appended to every later log line. */
export function noteIds(ids: InvocationIds): void {
  const known = Object.fromEntries(Object.entries(ids).filter(([, v]) => typeof v === 'string' && v !== '')) as InvocationIds;
  if (!Object.keys(known).length) return;
  logger.appendKeys({ ...known });
  const inv = invocation();
  if (!inv) return;
  Object.assign(inv.ids, known);
}

/** A payment action answered: counted by action and result (metric Payments). */
export function notePayment(action: string, result: string): void {
  const inv = invocation();
  if (!inv) return;
  inv.payments.push({ action, result });
}

/** Callback delivery outcomes of this invocation (metric CallbackDeliveries by outcome). */
export function noteDeliveries(outcome: string, count = 1): void {
  const inv = invocation();
  if (!inv || count <= 0) return;
  inv.deliveries[outcome] = (inv.deliveries[outcome] ?? 0) + count;
}

/** Adds `value` to metric `name` for this invocation (KmsErrors; UndeterminedPayments, the reconciler's count). */
export function noteMetric(name: string, value: number): void {
  const inv = invocation();
  if (!inv) return;
  inv.observed[name] = (inv.observed[name] ?? 0) + value;
}
