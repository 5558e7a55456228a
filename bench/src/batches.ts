/** Batch sizes the event sources handed each function during a run, per payment: what the cost model's invocations are. */
import type { InvocationClock } from './invocation-clock.js';

export interface BatchFigures {
  invocationsPerPayment: number;
  recordsPerPayment: number;
  recordsPerInvocation: number;
  msPerInvocation: number;
  /** SendMessageBatch requests per payment if the function forwards its records to SQS (10 per request). */
  sendsPerPayment: number;
  /** Invocations per payment an SQS mapping made (SQS events): a ReceiveMessage and a DeleteMessageBatch each. */
  queueInvocationsPerPayment: number;
  /** The records of those invocations per payment: messages someone sent to the queue. */
  queueRecordsPerPayment: number;
}

export function batchFigures(clock: InvocationClock, payments: number): Record<string, BatchFigures> {
  const n = Math.max(1, payments);
  return Object.fromEntries(
    [...clock.records].map(([fn, batches]) => {
      const records = batches.reduce((a, b) => a + b, 0);
      const ms = (clock.ms.get(fn) ?? []).reduce((a, b) => a + b, 0);
      return [
        fn,
        {
          invocationsPerPayment: batches.length / n,
          recordsPerPayment: records / n,
          recordsPerInvocation: records / Math.max(1, batches.length),
          msPerInvocation: ms / Math.max(1, batches.length),
          sendsPerPayment: batches.reduce((a, b) => a + Math.ceil(b / 10), 0) / n,
          queueInvocationsPerPayment: (clock.queueRecords.get(fn) ?? []).length / n,
          queueRecordsPerPayment: (clock.queueRecords.get(fn) ?? []).reduce((a, b) => a + b, 0) / n,
        },
      ];
    }),
  );
}
