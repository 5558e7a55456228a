/**
 * The request side of the callback queue: nothing to send. The state change's transaction wrote the outbox item, and
 * the table's stream hands it to the callback queue (functions/callbacks/outbox-stream), so no request waits for SQS
 * and a payment function carries no SQS client.
 */
import type { CallbackRecord } from '../../domain/callback.js';
import type { CallbackQueue } from '../../ports/callback-queue.js';
import { crashPoint } from './crash-point.js';

export const streamHandOff: CallbackQueue = {
  async enqueue(records: CallbackRecord[]): Promise<void> {
    if (records.length > 0) crashPoint('after-write');
  },
};
