/**
 * The CallbackQueue port (shared/ports/callback-queue.ts) in memory: it keeps what was enqueued, in order, so a test
 * sees which callbacks an operation handed on after its write. (The platform's queue is best effort: the outbox
 * the payment store writes in the same transaction is what counts; see MemoryPaymentStore.outbox.)
 */
import type { CallbackRecord } from '../../shared/domain/callback.js';
import type { CallbackQueue } from '../../shared/ports/callback-queue.js';

export class MemoryCallbackQueue implements CallbackQueue {
  readonly enqueued: CallbackRecord[] = [];

  async enqueue(records: CallbackRecord[]): Promise<void> {
    this.enqueued.push(...structuredClone(records));
  }
}
